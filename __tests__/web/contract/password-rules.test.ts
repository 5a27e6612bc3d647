// docs/product.md §5 password rules (strength, match) as the change-password form and the server apply them.
import { changePasswordSchema, isStrongPassword, V } from '../../../src/contract';

const errorsOf = async (body: Record<string, string>) => {
  try {
    await changePasswordSchema.validate(body, { abortEarly: false });
    return [];
  } catch (e) {
    return (e as { errors: string[] }).errors;
  }
};

describe('password rules', () => {
  it.each([
    ['Abcdef1!', true],
    ['Abcde1!', false], // 7 characters
    ['abcdef1!', false], // no uppercase
    ['ABCDEF1!', false], // no lowercase
    ['Abcdefg!', false], // no digit
    ['Abcdefg1', false], // no special character
  ])('isStrongPassword(%s) is %s', (password, strong) => {
    expect(isStrongPassword(password)).toBe(strong);
  });

  it('needs the current password, a strong new one and a matching confirmation', async () => {
    expect(await errorsOf({ currentPassword: 'x', password: 'Abcdef1!', repassword: 'Abcdef1!' })).toEqual([]);
    expect(await errorsOf({ currentPassword: '', password: 'Abcdef1!', repassword: 'Abcdef1!' })).toEqual([V.required]);
    expect(await errorsOf({ currentPassword: 'x', password: 'weak', repassword: 'weak' })).toEqual([V.passwordNotStrong]);
    expect(await errorsOf({ currentPassword: 'x', password: 'Abcdef1!', repassword: 'Abcdef1?' })).toEqual([V.passwordsNotMatch]);
  });
});
