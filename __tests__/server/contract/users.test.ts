// Staff-user request schemas (docs/product.md §5 "New user", "Edit user", admin password change, change role).
import { V, adminSetPasswordSchema, changeRoleSchema, changeStatusSchema, userCreateSchema, userUpdateSchema } from '../../../src/contract';
import { errorsOf, valid } from './validate-helper';

const NEW_USER = {
  name: 'علی',
  family: 'رضایی',
  email: 'ali@example.com',
  username: 'ali.rezaei_1',
  password: 'Str0ng!pass',
  role_id: 2,
};

describe('userCreateSchema', () => {
  test('a minimal valid payload passes, sex defaults to 1 (male) and blank optionals become null', async () => {
    const v = await valid(userCreateSchema, { ...NEW_USER, eName: '', mobile: '  ', website: '' });
    expect(v.sex).toBe(1);
    expect(v.eName).toBeNull();
    expect(v.mobile).toBeNull();
    expect(v.website).toBeNull();
  });

  test('a full valid payload passes and is trimmed', async () => {
    const v = await valid(userCreateSchema, {
      ...NEW_USER,
      name: '  محمد‌حسین ',
      eName: 'Mohammad Hossein',
      eFamily: "O'Neil",
      address: 'تهران، خیابان آزادی ۱۲',
      mobile: '+98 912-345-6789',
      website: 'https://example.com/me',
      about: 'Hello',
      sex: 0,
      birthdate: '1990-05-17',
    });
    expect(v.name).toBe('محمد‌حسین');
    expect(v.sex).toBe(0);
  });

  test.each([
    ['name missing', { name: undefined }, 'name', V.required],
    ['name blank', { name: '   ' }, 'name', V.required],
    ['Latin name in a Persian-only field', { name: 'Ali' }, 'name', V.persianOnly],
    ['Latin family in a Persian-only field', { family: 'Rezaei' }, 'family', V.persianOnly],
    ['email missing', { email: '' }, 'email', V.required],
    ['email invalid', { email: 'ali@' }, 'email', V.email],
    ['username missing', { username: undefined }, 'username', V.required],
    ['username too short', { username: 'al' }, 'username', V.username],
    ['username with a space', { username: 'ali rezaei' }, 'username', V.username],
    ['username in Persian', { username: 'علی_رضایی' }, 'username', V.username],
    ['username over 50 characters', { username: 'a'.repeat(51) }, 'username', V.username],
    ['weak password (no special character)', { password: 'Str0ngpass' }, 'password', V.passwordNotStrong],
    ['weak password (too short)', { password: 'S0!a' }, 'password', V.passwordNotStrong],
    ['password missing', { password: undefined }, 'password', V.required],
    ['role_id missing', { role_id: undefined }, 'role_id', V.required],
    ['role_id zero', { role_id: 0 }, 'role_id', V.min],
    ['role_id fractional', { role_id: 1.5 }, 'role_id', V.integer],
    ['role_id not a number', { role_id: 'admin' }, 'role_id', V.number],
    ['eName in Persian', { eName: 'علی' }, 'eName', V.englishOnly],
    ['eFamily in Persian', { eFamily: 'رضایی' }, 'eFamily', V.englishOnly],
    ['mobile with letters', { mobile: '0912abc' }, 'mobile', V.phone],
    ['mobile too short', { mobile: '12' }, 'mobile', V.phone],
    ['website not a URL', { website: 'example' }, 'website', V.url],
    ['website with a javascript: scheme', { website: 'javascript:alert(1)' }, 'website', V.url],
    ['sex out of range', { sex: 2 }, 'sex', V.oneOf],
    ['birthdate not a date', { birthdate: '1990-02-30' }, 'birthdate', V.checkInput],
    ['birthdate in another format', { birthdate: '17/05/1990' }, 'birthdate', V.checkInput],
    ['birthdate next year', { birthdate: `${new Date().getUTCFullYear() + 1}-01-01` }, 'birthdate', V.futureDate],
    ['about too long', { about: 'x'.repeat(5001) }, 'about', V.tooLong],
  ])('%s', async (_label, patch, field, messageId) => {
    const errors = await errorsOf(userCreateSchema, { ...NEW_USER, ...patch });
    expect(errors).toEqual({ [field]: messageId });
  });

  test('a non-object body', async () => {
    expect(await errorsOf(userCreateSchema, null)).toEqual({ '': V.checkInput });
    expect(await errorsOf(userCreateSchema, 'x')).toEqual({ '': V.checkInput });
  });
});

describe('userUpdateSchema', () => {
  const EDIT = { name: 'علی', family: 'رضایی', email: 'ali@example.com' };

  test('email, name and family suffice; no password or role is taken', async () => {
    const v = await valid(userUpdateSchema, { ...EDIT, password: 'x', role_id: 1 });
    expect(v).not.toHaveProperty('password');
    expect(v).not.toHaveProperty('role_id');
    expect(v.sex).toBeUndefined();
  });

  test.each([
    ['name required', { name: '' }, 'name', V.required],
    ['family required', { family: undefined }, 'family', V.required],
    ['email required', { email: undefined }, 'email', V.required],
    ['Latin name', { name: 'Ali' }, 'name', V.persianOnly],
    ['bad optional username', { username: 'a b' }, 'username', V.username],
    ['bad website', { website: 'ftp://example.com' }, 'website', V.url],
  ])('%s', async (_label, patch, field, messageId) => {
    expect(await errorsOf(userUpdateSchema, { ...EDIT, ...patch })).toEqual({ [field]: messageId });
  });
});

describe('adminSetPasswordSchema', () => {
  const OK = { password: 'N3w!Passw0rd', repassword: 'N3w!Passw0rd', user_id: 7 };

  test('valid', async () => {
    await valid(adminSetPasswordSchema, OK);
  });

  test.each([
    ['empty password', { password: '', repassword: '' }, 'password', V.required],
    ['weak password', { password: 'password', repassword: 'password' }, 'password', V.passwordNotStrong],
    ['mismatched repassword', { repassword: 'N3w!Passw0rD' }, 'repassword', V.passwordsNotMatch],
    ['missing user_id', { user_id: undefined }, 'user_id', V.required],
    ['negative user_id', { user_id: -3 }, 'user_id', V.min],
  ])('%s', async (_label, patch, field, messageId) => {
    expect((await errorsOf(adminSetPasswordSchema, { ...OK, ...patch }))[field]).toBe(messageId);
  });
});

describe('changeRoleSchema and changeStatusSchema', () => {
  test('a role must be chosen', async () => {
    await valid(changeRoleSchema, { role_id: 5 });
    expect(await errorsOf(changeRoleSchema, {})).toEqual({ role_id: V.required });
    expect(await errorsOf(changeRoleSchema, { role_id: '' })).toEqual({ role_id: V.required });
    expect(await errorsOf(changeRoleSchema, { role_id: null })).toEqual({ role_id: V.required });
  });

  test('active is a required boolean', async () => {
    expect((await valid(changeStatusSchema, { active: false })).active).toBe(false);
    expect(await errorsOf(changeStatusSchema, {})).toEqual({ active: V.required });
    expect(await errorsOf(changeStatusSchema, { active: 'perhaps' })).toEqual({ active: V.checkInput });
  });
});
