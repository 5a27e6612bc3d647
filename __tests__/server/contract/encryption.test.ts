// Domain-encryption and privacy schemas (docs/product.md §5 "Set repo", "Encrypt word"; §7 setPrivacy).
import { PRIVACY_MAX_BYTES, V, privacySchema, setRepoSchema, wordEncryptionSchema } from '../../../src/contract';
import { errorsOf, valid } from './validate-helper';

describe('wordEncryptionSchema', () => {
  test('valid; the word is kept exactly as typed', async () => {
    expect(await valid(wordEncryptionSchema, { appId: 3, word: ' api.example.com ' })).toEqual({ appId: 3, word: ' api.example.com ' });
  });

  test.each([
    ['no application', { word: 'x' }, 'appId', V.required],
    ['blank word', { appId: 3, word: '   ' }, 'word', V.required],
    ['missing word', { appId: 3 }, 'word', V.required],
    ['word too long', { appId: 3, word: 'x'.repeat(1001) }, 'word', V.tooLong],
  ])('%s', async (_label, body, field, messageId) => {
    expect(await errorsOf(wordEncryptionSchema, body)).toEqual({ [field]: messageId });
  });
});

describe('setRepoSchema', () => {
  test('non-empty, trimmed, without spaces', async () => {
    expect(await valid(setRepoSchema, { repoName: ' acme/vpn-config ' })).toEqual({ repoName: 'acme/vpn-config' });
    expect(await errorsOf(setRepoSchema, { repoName: '  ' })).toEqual({ repoName: V.required });
    expect(await errorsOf(setRepoSchema, { repoName: 'acme/vpn config' })).toEqual({ repoName: V.checkInput });
  });
});

describe('privacySchema', () => {
  test('HTML up to 200 KB (UTF-8 bytes)', async () => {
    await valid(privacySchema, { privacy: '<p>سیاست</p>' });
    await valid(privacySchema, { privacy: '' });
    await valid(privacySchema, { privacy: 'a'.repeat(PRIVACY_MAX_BYTES) });
    expect(await errorsOf(privacySchema, { privacy: 'a'.repeat(PRIVACY_MAX_BYTES + 1) })).toEqual({ privacy: V.tooLong });
    // Persian letters are two bytes each: 110,000 of them exceed 200 KB.
    expect(await errorsOf(privacySchema, { privacy: 'س'.repeat(110_000) })).toEqual({ privacy: V.tooLong });
    expect(await errorsOf(privacySchema, {})).toEqual({ privacy: V.required });
  });
});
