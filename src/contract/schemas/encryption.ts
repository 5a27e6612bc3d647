// Request bodies of the domain-encryption and privacy calls (docs/product.md §7 `apps/wordEncryption`,
// `apps/updateSettings/{id}` with repoName alone, `apps/setPrivacy`; docs/product.md §5 "Set repo", "Encrypt word").
import * as yup from 'yup';
import { TOO_LONG, V } from '../errors';
import { englishOnly, positiveId, str, trimmedStr, body } from './common';
import { utf8Length } from './formats';

/** Largest privacy policy HTML accepted, in UTF-8 bytes (before sanitising). */
export const PRIVACY_MAX_BYTES = 200 * 1024;

/**
 * POST apps/wordEncryption. The word must not be blank, but it is encrypted exactly as given
 * (not trimmed): app developers compare the result with their own encryption of the same bytes.
 */
export const wordEncryptionSchema = body({
  appId: positiveId(),
  word: str()
    .required(V.required)
    .max(1000, TOO_LONG)
    .test('not-blank', V.required, (v) => v == null || v.trim().length > 0),
});
export type WordEncryptionBody = yup.InferType<typeof wordEncryptionSchema>;

/**
 * The repository, `owner/name` as the source hosts spell it (no spaces); the server builds
 * https://<host>/<repoName> for each of the five SOURCE_HOSTS from it.
 */
export const setRepoSchema = body({
  repoName: englishOnly(trimmedStr())
    .required(V.required)
    .max(200, TOO_LONG)
    .test('repo', V.checkInput, (v) => v == null || !/\s/.test(v)),
});
export type SetRepoBody = yup.InferType<typeof setRepoSchema>;

/** POST apps/setPrivacy: rich-text HTML (the server sanitises it before storing). Empty clears the policy. */
export const privacySchema = body({
  privacy: str()
    .defined(V.required)
    .nonNullable(V.required)
    // A character is at least one byte: the cheap length bound first, then the byte count.
    .max(PRIVACY_MAX_BYTES, TOO_LONG)
    .test('size', V.tooLong, (v) => v == null || utf8Length(v) <= PRIVACY_MAX_BYTES),
});
export type PrivacyBody = yup.InferType<typeof privacySchema>;
