// "Value too long" names its limit: a schema's length rule fails with the message ref
// `validation.tooLong?max=N`, and the server's 400 answers the id in `errors` and the limit in
// `values`, so the panel can say "at most N characters" while `errors` stays a table of ids.
import { TEXT_MAX, V, messageRef, parseMessageRef, roleInputSchema, ROLE_NAME_MAX } from '../../../src/contract';
import { errorsOf } from './validate-helper';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { api, callers } from '../helpers/seed';

it('a length rule carries its limit, and a bare id reads as itself', async () => {
  await expect(roleInputSchema.validate({ name: 'x'.repeat(ROLE_NAME_MAX + 1), pName: 'پشتیبان' }, { abortEarly: false })).rejects.toMatchObject({
    errors: [messageRef(V.tooLong, { max: ROLE_NAME_MAX })],
  });
  expect(await errorsOf(roleInputSchema, { name: 'x'.repeat(ROLE_NAME_MAX + 1), pName: 'پشتیبان' })).toEqual({ name: V.tooLong });
  expect(parseMessageRef(`${V.tooLong}?max=${TEXT_MAX.medium}`)).toEqual({ id: V.tooLong, values: { max: TEXT_MAX.medium } });
  expect(parseMessageRef(V.required)).toEqual({ id: V.required });
});

describe('a 400', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('answers the too-long field by id in errors and its limit in values', async () => {
    const c = await callers(t);
    const res = await t.app.inject({
      method: 'POST',
      url: api('access/roles'),
      headers: c.top.headers,
      payload: { name: 'x'.repeat(ROLE_NAME_MAX + 1), pName: 'پشتیبان' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { name: V.tooLong }, values: { name: { max: ROLE_NAME_MAX } } });
  });
});
