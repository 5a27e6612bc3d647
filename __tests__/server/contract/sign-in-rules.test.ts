// The sign-in page's plain rules (checkSignIn, docs/architecture.md §8) and the server's signInSchema give the same
// verdict, the same message id per field and the same value to send, for any two strings.
import fc from 'fast-check';
import { TEXT_MAX, V, checkSignIn, messageRef, parseMessageRef, checkTotpCode, signInSchema, totpEnableSchema } from '../../../src/contract';
import { errorsOf } from './validate-helper';

// texts around the rules' edges: blank, whitespace only, padded, at and past the length limit
const edgeText = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.stringMatching(/^[ \t\n]{0,6}$/),
  fc.tuple(fc.stringMatching(/^[ \t]{0,3}$/), fc.string({ minLength: 1, maxLength: 8 }), fc.stringMatching(/^[ \t]{0,3}$/)).map((p) => p.join('')),
  fc.integer({ min: TEXT_MAX.medium - 2, max: TEXT_MAX.medium + 3 }).chain((n) => fc.constantFrom('a'.repeat(n), ' '.repeat(n), ` ${'b'.repeat(n)} `)),
);

describe('checkSignIn agrees with signInSchema', () => {
  test('for any email and password', async () => {
    await fc.assert(
      fc.asyncProperty(edgeText, edgeText, async (email, password) => {
        const plain = checkSignIn({ email, password });
        const ids = Object.fromEntries(Object.entries(plain.errors).map(([field, ref]) => [field, parseMessageRef(ref).id]));
        expect(ids).toEqual(await errorsOf(signInSchema, { email, password }));
        if (!Object.keys(plain.errors).length) expect(plain.value).toEqual(await signInSchema.validate({ email, password }));
      }),
      { numRuns: 400 },
    );
  });

  test('the cases of docs/product.md §5 "Login"', () => {
    expect(checkSignIn({ email: '', password: '' }).errors).toEqual({ email: V.checkInput, password: V.checkInput });
    expect(checkSignIn({ email: '   ', password: '   ' }).errors).toEqual({ email: V.checkInput, password: V.checkInput });
    expect(checkSignIn({ email: 'a'.repeat(TEXT_MAX.medium + 1), password: 'x' }).errors).toEqual({ email: messageRef(V.tooLong, { max: TEXT_MAX.medium }) });
    expect(checkSignIn({ email: '  admin@localhost ', password: ' p ' })).toEqual({ value: { email: 'admin@localhost', password: ' p ' }, errors: {} });
  });
});

describe("checkTotpCode agrees with the code step's schema", () => {
  const codeText = fc.oneof(
    edgeText,
    fc.integer({ min: 29, max: 35 }).chain((n) => fc.constantFrom('7'.repeat(n), ` ${'7'.repeat(n)} `)),
  );

  test('for any code', async () => {
    await fc.assert(
      fc.asyncProperty(codeText, async (code) => {
        // The code field of the schema (enabling TOTP also asks for the password, which the code step does not).
        const codeStep = totpEnableSchema.pick(['code']);
        const plain = checkTotpCode({ code });
        expect(plain.errors).toEqual(await errorsOf(codeStep, { code }));
        if (!Object.keys(plain.errors).length) expect(plain.value).toEqual(await codeStep.validate({ code }));
      }),
      { numRuns: 300 },
    );
  });

  test('blank, padded and too long codes', () => {
    expect(checkTotpCode({ code: '  ' }).errors).toEqual({ code: V.required });
    expect(checkTotpCode({ code: ' 123456 ' })).toEqual({ value: { code: '123456' }, errors: {} });
    expect(checkTotpCode({ code: '1'.repeat(33) }).errors).toEqual({ code: V.totpCode });
  });
});
