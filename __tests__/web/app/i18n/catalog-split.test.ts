// The login route loads only the core catalogue (shell + sign-in); the features' texts come in a
// second chunk that the signed-in shell waits for. This keeps the login JS within its budget.
describe('message catalogue split', () => {
  it('the core catalogue has the sign-in texts and none of the features, until the rest is loaded', async () => {
    await jest.isolateModulesAsync(async () => {
      const m = await import('../../../../src/app/i18n/messages');
      const core = await m.loadCoreMessages('fa');
      expect(core['auth.login.submit']).toBeTruthy();
      expect(core['validation.checkInput']).toBeTruthy();
      const featureIds = Object.keys(core).filter((id) => /^(users|apps|servers|devices|help|account|dashboard)\./.test(id));
      expect(featureIds).toEqual([]);
      expect(m.isCatalogComplete('fa')).toBe(false);
      expect(m.loadedMessages('fa')).toBe(core);

      const all = await m.loadMessages('fa');
      expect(m.isCatalogComplete('fa')).toBe(true);
      expect(all['auth.login.submit']).toBe(core['auth.login.submit']);
      expect(Object.keys(all).some((id) => id.startsWith('account.'))).toBe(true);
      expect(Object.keys(all).length).toBeGreaterThan(Object.keys(core).length);
      expect(m.isCatalogComplete('en')).toBe(false);
    });
  });
});
