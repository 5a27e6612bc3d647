// docs/product.md §7 ad settings calls against a real app: GET apps/adsSettings, POST apps/showAds (the adMob
// master) and POST apps/updateSettingsAdmob, with every docs/product.md §4 rule refused by the server and the
// docs/product.md §6 rights (ad text fields: the role named admin only; smart section: not role_id 5).
import { eq } from 'drizzle-orm';
import { AD_SLOTS, AD_SLOTS_CLEARED_BY_MASTER, AD_TEXT_FIELDS, SMART_AD_FIELDS } from '../../../src/contract';
import { adSettings, apps, roles, users } from '../../../server/src/db/schema';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { api, callers, makeApp, type Caller, type Callers } from '../helpers/seed';

let t: TestApp;
let c: Callers;
beforeAll(async () => {
  t = await createTestApp();
  c = await callers(t);
});
afterAll(() => t?.close());

type Entry = { key: string; value: string | boolean | number };
const entries = async (id: number, who: Caller = c.top) => {
  const res = await t.app.inject({ method: 'GET', url: api(`apps/adsSettings/${id}`), headers: who.headers });
  expect(res.statusCode).toBe(200);
  return Object.fromEntries((res.json().data as Entry[]).map((e) => [e.key, e.value]));
};
const showAds = (id: number, who: Caller, state: unknown, key: unknown = 'adMob') =>
  t.app.inject({ method: 'POST', url: api(`apps/showAds/${id}`), headers: who.headers, payload: { key, state } });
const saveAds = (id: number, who: Caller, payload: object) =>
  t.app.inject({ method: 'POST', url: api(`apps/updateSettingsAdmob/${id}`), headers: who.headers, payload });
const row = async (id: number) => (await t.db.select().from(adSettings).where(eq(adSettings.appId, id)))[0];

/** A fresh app of `owner` with the master on. */
async function appWithAdsOn(owner: Caller = c.owner) {
  const app = await makeApp(t, c, owner);
  expect((await showAds(app.id, c.top, true)).statusCode).toBe(200);
  return app;
}

describe('GET apps/adsSettings/{id}', () => {
  it('answers adMob first, then every ad field in form order, with the defaults', async () => {
    const app = await makeApp(t, c, c.owner);
    const res = await t.app.inject({ method: 'GET', url: api(`apps/adsSettings/${app.id}`), headers: c.top.headers });
    const data = res.json().data as Entry[];
    expect(data.map((e) => e.key)).toEqual(['adMob', 'IDApp', ...AD_SLOTS.flatMap((s) => [s, `${s}Active`, `${s}Interval`]), 'gdprActive', 'smartActive']);
    const values = Object.fromEntries(data.map((e) => [e.key, e.value]));
    expect(values).toMatchObject({ adMob: false, IDApp: '', intCon: '', intConActive: false, intConInterval: 0, gdprActive: false, smartActive: false });
  });

  it("serves owners (role_id 2 and 5) their own apps and answers 404 for another's", async () => {
    const own = await makeApp(t, c, c.owner);
    const restricted = await makeApp(t, c, c.restricted);
    expect((await entries(own.id, c.owner)).adMob).toBe(false);
    expect((await entries(restricted.id, c.restricted)).adMob).toBe(false);
    for (const [who, id] of [
      [c.owner, restricted.id],
      [c.restricted, own.id],
    ] as const) {
      expect((await t.app.inject({ method: 'GET', url: api(`apps/adsSettings/${id}`), headers: who.headers })).statusCode).toBe(404);
    }
  });
});

describe('POST apps/showAds/{id}', () => {
  it('switches the master on with gdprActive following it', async () => {
    const app = await makeApp(t, c, c.owner);
    const res = await showAds(app.id, c.owner, true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await entries(app.id)).toMatchObject({ adMob: true, gdprActive: true });
  });

  it('switching it off clears the seven slots docs/product.md §4 names and gdprActive; rew2 and the smart slots keep theirs', async () => {
    // pairs cannot be on together, so each partner is covered by one of two apps
    for (const pairs of [
      ['intCon', 'rewIntDis'],
      ['rewIntCon', 'intDis'],
    ]) {
      const app = await appWithAdsOn();
      const on = ['rew', 'rew2', 'rewIntServerlist', 'appOpen', 'smartIntCon', 'smartIntDis', ...pairs];
      const res = await saveAds(app.id, c.top, { smartActive: true, ...Object.fromEntries(on.map((s) => [`${s}Active`, true])) });
      expect(res.statusCode).toBe(200);
      for (const slot of on) expect((await entries(app.id))[`${slot}Active`]).toBe(true);

      expect((await showAds(app.id, c.top, false)).statusCode).toBe(200);
      const after = await entries(app.id);
      expect(after.adMob).toBe(false);
      expect(after.gdprActive).toBe(false);
      for (const slot of AD_SLOTS_CLEARED_BY_MASTER) expect(after[`${slot}Active`]).toBe(false);
      expect(after).toMatchObject({ rew2Active: true, smartIntConActive: true, smartIntDisActive: true, smartActive: true });
    }
  });

  it('takes the state as a JSON boolean only (not 1/0 or text) and refuses any other key', async () => {
    const app = await makeApp(t, c, c.owner);
    expect((await showAds(app.id, c.top, true)).statusCode).toBe(200);
    expect((await row(app.id)).adMob).toBe(true);
    for (const state of [0, 'false']) {
      const typed = await showAds(app.id, c.top, state);
      expect(typed.statusCode).toBe(400);
      expect(typed.json().errors).toEqual({ state: 'validation.checkInput' });
    }
    expect((await row(app.id)).adMob).toBe(true);
    expect((await showAds(app.id, c.top, false)).statusCode).toBe(200);
    expect((await row(app.id)).adMob).toBe(false);
    const bad = await showAds(app.id, c.top, true, 'gdpr');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ key: 'validation.oneOf' });
    expect((await showAds(app.id, c.top, 'maybe')).statusCode).toBe(400);
    expect((await row(app.id)).adMob).toBe(false);
  });

  it("lets role_id 5 switch its own app, and answers 404 on another's, unchanged", async () => {
    const restricted = await makeApp(t, c, c.restricted);
    const others = await makeApp(t, c, c.other);
    expect((await showAds(restricted.id, c.restricted, true)).statusCode).toBe(200);
    expect((await row(restricted.id)).adMob).toBe(true);
    for (const who of [c.owner, c.restricted]) expect((await showAds(others.id, who, true)).statusCode).toBe(404);
    expect((await row(others.id)).adMob).toBe(false);
  });
});

describe('POST apps/updateSettingsAdmob/{id}: the docs/product.md §4 rules', () => {
  it('stores a valid form', async () => {
    const app = await appWithAdsOn();
    const form = {
      IDApp: 'ca-app-pub-1~2',
      intCon: 'ca-app-pub-1/3',
      intConActive: true,
      intConInterval: 90,
      rew: 'r',
      rewActive: true,
      rewInterval: 30,
      gdprActive: true,
    };
    const res = await saveAds(app.id, c.top, form);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await entries(app.id)).toMatchObject(form);
  });

  it.each(AD_SLOTS.map((s) => [s]))('refuses switching %s on while the master is off (ads.adsOff)', async (slot) => {
    const app = await makeApp(t, c, c.owner);
    const payload = { [`${slot}Active`]: true, ...(slot.startsWith('smart') && { smartActive: true }) };
    const res = await saveAds(app.id, c.top, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { [`${slot}Active`]: 'ads.adsOff' } });
    expect((await row(app.id))[`${slot}Active` as keyof typeof adSettings.$inferSelect]).toBe(false);
  });

  it('lets a slot the master does not clear stay on while the master is off', async () => {
    const app = await appWithAdsOn();
    await saveAds(app.id, c.top, { rew2Active: true });
    await showAds(app.id, c.top, false);
    expect((await saveAds(app.id, c.top, { rew2Interval: 15, rew2Active: true })).statusCode).toBe(200);
    expect((await row(app.id)).rew2Interval).toBe(15);
  });

  it.each([
    ['intCon', 'rewIntCon'],
    ['intDis', 'rewIntDis'],
  ])('refuses %s and %s active together (ads.pairConflict), in one payload or against the stored one', async (a, b) => {
    const app = await appWithAdsOn();
    const both = await saveAds(app.id, c.top, { [`${a}Active`]: true, [`${b}Active`]: true });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors).toEqual({ [`${a}Active`]: 'ads.pairConflict', [`${b}Active`]: 'ads.pairConflict' });

    expect((await saveAds(app.id, c.top, { [`${a}Active`]: true })).statusCode).toBe(200);
    const second = await saveAds(app.id, c.top, { [`${b}Active`]: true });
    expect(second.statusCode).toBe(400);
    expect(second.json().errors[`${b}Active`]).toBe('ads.pairConflict');
    expect((await entries(app.id))[`${b}Active`]).toBe(false);
    // switching one off and the other on in one save is fine
    expect((await saveAds(app.id, c.top, { [`${a}Active`]: false, [`${b}Active`]: true })).statusCode).toBe(200);
  });

  it.each([['smartIntCon'], ['smartIntDis']])('refuses %s while smartActive is off (ads.smartOff)', async (slot) => {
    const app = await appWithAdsOn();
    const res = await saveAds(app.id, c.top, { [`${slot}Active`]: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [`${slot}Active`]: 'ads.smartOff' });
    expect((await saveAds(app.id, c.top, { smartActive: true, [`${slot}Active`]: true })).statusCode).toBe(200);
    // smartActive cannot go off while the slot stays on; off with the slot cleared is fine
    const off = await saveAds(app.id, c.top, { smartActive: false });
    expect(off.statusCode).toBe(400);
    expect(off.json().errors).toEqual({ [`${slot}Active`]: 'ads.smartOff' });
    expect((await saveAds(app.id, c.top, { smartActive: false, [`${slot}Active`]: false })).statusCode).toBe(200);
  });

  it('refuses bad intervals and ids with 400', async () => {
    const app = await appWithAdsOn();
    const res = await saveAds(app.id, c.top, { intConInterval: -1, rewInterval: 1.5, IDApp: { x: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ intConInterval: 'validation.min', rewInterval: 'validation.integer', IDApp: 'validation.checkInput' });
  });
});

describe('POST apps/updateSettingsAdmob/{id}: rights', () => {
  it.each(AD_TEXT_FIELDS.map((f) => [f]))('refuses a change of %s to app admins and role_id 5 (403), not to the role named admin', async (field) => {
    const own = await appWithAdsOn(c.owner);
    const restricted = await appWithAdsOn(c.restricted);
    for (const [who, id] of [
      [c.owner, own.id],
      [c.restricted, restricted.id],
    ] as const) {
      const res = await saveAds(id, who, { [field]: 'changed-id', rewInterval: 5 });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toContain(field);
      expect(await entries(id)).toMatchObject({ [field]: '', rewInterval: 0 });
    }
    expect((await saveAds(own.id, c.top, { [field]: 'by-admin' })).statusCode).toBe(200);
    // the stored value sent back unchanged is not a change
    expect((await saveAds(own.id, c.owner, { [field]: 'by-admin', rewInterval: 5 })).statusCode).toBe(200);
    expect(await entries(own.id)).toMatchObject({ [field]: 'by-admin', rewInterval: 5 });
  });

  it.each(SMART_AD_FIELDS.map((f) => [f]))('refuses a change of %s to role_id 5 (403)', async (field) => {
    const restricted = await appWithAdsOn(c.restricted);
    const own = await appWithAdsOn(c.owner);
    const isId = !field.endsWith('Interval') && !field.endsWith('Active');
    const payload = field.endsWith('Interval') ? { [field]: 30 } : isId ? { [field]: 'smart-unit' } : { [field]: true, smartActive: true };
    const res = await saveAds(restricted.id, c.restricted, payload);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain(field);
    expect((await entries(restricted.id))[field]).not.toBe(payload[field]);
    // an app admin may change it (a slot id, being an ad text field, only the role named admin)
    const allowed = isId ? c.top : c.owner;
    expect((await saveAds(own.id, allowed, payload)).statusCode).toBe(200);
    expect((await entries(own.id))[field]).toBe(payload[field]);
  });

  it('refuses role_id 5 switching a smart slot on, and lets it send the smart section back unchanged', async () => {
    const restricted = await appWithAdsOn(c.restricted);
    expect((await saveAds(restricted.id, c.restricted, { smartIntConActive: true })).statusCode).toBe(403);
    const current = await entries(restricted.id);
    const smartBack = Object.fromEntries(SMART_AD_FIELDS.map((f) => [f, current[f]]));
    expect((await saveAds(restricted.id, c.restricted, { ...smartBack, rewActive: true })).statusCode).toBe(200);
    expect((await row(restricted.id)).rewActive).toBe(true);
  });

  it("answers 404 on another admin's app, changing nothing", async () => {
    const others = await appWithAdsOn(c.other);
    for (const who of [c.owner, c.restricted]) expect((await saveAds(others.id, who, { rewActive: true })).statusCode).toBe(404);
    expect((await row(others.id)).rewActive).toBe(false);
  });

  describe('with a role named admin that is not role_id 1', () => {
    let named: Caller;
    beforeAll(async () => {
      await t.db.update(roles).set({ name: 'top' }).where(eq(roles.id, 1));
      const [role] = await t.db.insert(roles).values({ name: 'admin' }).returning();
      const { user, token } = await t.signedInUser({ role_id: role.id });
      named = { id: user.id, token, headers: t.auth(token) };
    });
    afterAll(async () => {
      await t.db.update(users).set({ roleId: 2 }).where(eq(users.id, named.id));
      await t.db.delete(roles).where(eq(roles.name, 'admin'));
      await t.db.update(roles).set({ name: 'admin' }).where(eq(roles.id, 1));
    });

    it('gives the text fields to the named role, on its own apps, and not to role_id 1', async () => {
      const app = await appWithAdsOn(c.owner);
      const top = await saveAds(app.id, c.top, { IDApp: 'by-role-1' });
      expect(top.statusCode).toBe(403);
      // role_id 1 keeps everything else
      expect((await saveAds(app.id, c.top, { rewActive: true })).statusCode).toBe(200);

      await t.app.inject({ method: 'PUT', url: api(`apps/changeStatus/${app.id}/true`), headers: c.top.headers });
      await t.db.update(apps).set({ adminId: named.id }).where(eq(apps.id, app.id));
      expect((await saveAds(app.id, named, { IDApp: 'by-named-admin' })).statusCode).toBe(200);
      expect((await entries(app.id)).IDApp).toBe('by-named-admin');
    });
  });
});
