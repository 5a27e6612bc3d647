// The stored session's user asked for by index.html's own script (src/boot/early-user.ts):
// the same call `request` sends (JWT header, JSON type), its answer read the same way and taken once
// by the bootstrap's `requestEarly`, nothing sent without a token or once main.js has asked itself.
import { EARLY_USER_PATH, earlyUserScript, takeEarlyUser } from '../../../src/boot/early-user';
import { requestEarly } from '../../../src/lib/api/base-query';
import { apiError, json, useFakeServer } from '../support/fake-server';
import { makeUser } from '../support/fixtures';

const server = useFakeServer();
const runScript = () => new Function(earlyUserScript(''))();

beforeEach(() => {
  localStorage.clear();
  (window as unknown as Record<string, unknown>).__earlyUser = undefined;
});

it('asks for the user with the stored token, and the bootstrap takes that answer once', async () => {
  localStorage.setItem('token', 'stored-1');
  server.on('GET', 'users/current', json({ data: makeUser({ username: 'early' }) }));
  runScript();
  const answer = await requestEarly(EARLY_USER_PATH, 'stored-1', takeEarlyUser('stored-1'));
  expect(answer).toEqual({ data: { data: expect.objectContaining({ username: 'early' }) } });
  const calls = server.calls('GET', 'users/current');
  expect(calls).toHaveLength(1);
  expect(calls[0].headers.authorization).toBe('JWT stored-1');
  // taken: a second look finds nothing
  expect(takeEarlyUser('stored-1')).toBeUndefined();
});

it('reads a refusal as `request` does, with its status', async () => {
  localStorage.setItem('token', 'stored-2');
  server.on('GET', 'users/current', apiError(401, 'Unauthorized'));
  runScript();
  const answer = await requestEarly(EARLY_USER_PATH, 'stored-2', takeEarlyUser('stored-2'));
  expect(answer).toMatchObject({ error: { status: 401 } });
});

it('sends nothing without a token, nor once main.js has taken the slot, and gives no answer for another token', async () => {
  runScript();
  expect(takeEarlyUser('x')).toBeUndefined();
  localStorage.setItem('token', 'stored-3');
  runScript(); // main.js took the slot above: a late script stays quiet
  (window as unknown as Record<string, unknown>).__earlyUser = undefined;
  server.on('GET', 'users/current', json({ data: makeUser() }));
  runScript();
  expect(takeEarlyUser('another')).toBeUndefined();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(server.calls('GET', 'users/current')).toHaveLength(1);
});
