// DevTools is on in every build, and its sanitizers hide the token and every password value.
import { actionSanitizer, REDACTED, redactSecrets, stateSanitizer } from '../../../../src/app/store';

describe('DevTools sanitizers', () => {
  it('redacts passwords and tokens in actions, wherever they sit', () => {
    const action = {
      type: 'api/executeMutation/pending',
      payload: { token: 'jwt-value' },
      meta: { arg: { originalArgs: { email: 'a@b.c', password: 'Secret#1', currentPassword: 'Old#1', repassword: 'Secret#1' } } },
    };
    const clean = actionSanitizer(action);
    expect(clean.payload.token).toBe(REDACTED);
    expect(clean.meta.arg.originalArgs).toEqual({ email: 'a@b.c', password: REDACTED, currentPassword: REDACTED, repassword: REDACTED });
    expect(action.meta.arg.originalArgs.password).toBe('Secret#1');
  });

  it('redacts the stored token but keeps flags such as needToChangePass', () => {
    const state = { auth: { token: 'jwt-value' }, api: { queries: { q: { data: { needToChangePass: true, servers: [{ password: 'p' }] } } } } };
    const clean = stateSanitizer(state);
    expect(clean.auth.token).toBe(REDACTED);
    expect(clean.api.queries.q.data.needToChangePass).toBe(true);
    expect(clean.api.queries.q.data.servers[0].password).toBe(REDACTED);
  });

  it('returns untouched branches as they are', () => {
    const tables = { servers: { page: 1 } };
    const state = { auth: { token: null }, tables };
    expect(redactSecrets(state)).toBe(state);
    expect(redactSecrets({ auth: { token: 'x' }, tables }).tables).toBe(tables);
  });

  it('hands the sanitizers to the DevTools extension when it is present', () => {
    const captured: Record<string, unknown>[] = [];
    const win = window as unknown as { __REDUX_DEVTOOLS_EXTENSION_COMPOSE__?: unknown };
    win.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ = (options: Record<string, unknown>) => {
      captured.push(options);
      return (...enhancers: ((next: unknown) => unknown)[]) =>
        (next: unknown) =>
          enhancers.reduceRight((acc, e) => e(acc), next);
    };
    try {
      // RTK looks for the extension when it loads, so load the store modules afresh.
      jest.isolateModules(() => {
        const { setupStore } = require('../../../../src/app/store') as typeof import('../../../../src/app/store');
        const { signedIn } = require('../../../../src/lib/state') as typeof import('../../../../src/lib/state');
        const { store } = setupStore();
        store.dispatch(signedIn('secret-token'));
        expect(captured).toHaveLength(1);
        const sanitize = captured[0].stateSanitizer as (s: unknown) => { auth: { token: string } };
        const sanitizeAction = captured[0].actionSanitizer as (a: unknown) => { payload: { password: string } };
        expect(sanitize(store.getState()).auth.token).toBe(REDACTED);
        expect(store.getState().auth.token).toBe('secret-token');
        expect(sanitizeAction({ type: 'x', payload: { password: 'p' } }).payload.password).toBe(REDACTED);
      });
    } finally {
      delete win.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__;
    }
  });
});
