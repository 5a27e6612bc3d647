// Ad settings of an application (docs/product.md §3 "Ad settings", §4 "Ads master"): the `{key, value}` list
// of GET apps/adsSettings, the values in the request spelling (IDApp, intCon, intConActive, ...)
// for the route's rule checks, and the two writes: the master switch and the ad form.
import { eq } from 'drizzle-orm';
import { AD_MASTER_KEY, AD_SLOTS, AD_SLOTS_CLEARED_BY_MASTER, type AdSettingEntry, type AdSettingsBody, type AdSettingsField } from '../../../src/contract';
import type { Db } from '../db/client';
import { adSettings } from '../db/schema';

type AdRow = typeof adSettings.$inferSelect;
type AdColumns = Partial<typeof adSettings.$inferInsert>;

/** Every ad form field in request spelling, as stored (unset ids are ''). */
export type AdValues = Record<AdSettingsField, string | boolean | number>;

/** The form's field order: IDApp, then each slot's id, Active and Interval, then the switches. */
export const AD_FIELDS = ['IDApp', ...AD_SLOTS.flatMap((s) => [s, `${s}Active`, `${s}Interval`]), 'gdprActive', 'smartActive'] as AdSettingsField[];

/** Request field → column. */
const COLUMN_OF = Object.fromEntries(
  AD_FIELDS.map((f) => [f, (f === 'IDApp' ? 'idApp' : (AD_SLOTS as readonly string[]).includes(f) ? `${f}Id` : f) as keyof AdRow]),
) as Record<AdSettingsField, keyof AdRow>;

function toValues(row: AdRow): AdValues {
  const out = {} as AdValues;
  for (const field of AD_FIELDS) out[field] = (row[COLUMN_OF[field]] as string | boolean | number | null) ?? '';
  return out;
}

export function adsRepository(db: Db) {
  /** `lock`: hold the row until the transaction ends, so a read-check-write is not interleaved. */
  async function findRow(appId: number, lock = false): Promise<AdRow> {
    const query = db.select().from(adSettings).where(eq(adSettings.appId, appId));
    const [row] = await (lock ? query.for('update') : query);
    if (row) return row;
    // Every app gets its row at creation; this covers an app created before that rule, if any.
    const [created] = await db.insert(adSettings).values({ appId }).onConflictDoNothing().returning();
    return created ?? (await db.select().from(adSettings).where(eq(adSettings.appId, appId)))[0];
  }

  return {
    /** The master state and every ad field. */
    async find(appId: number, lock = false): Promise<{ adMob: boolean; values: AdValues }> {
      const row = await findRow(appId, lock);
      return { adMob: row.adMob, values: toValues(row) };
    },

    /** GET apps/adsSettings: `{key: 'adMob', value}` first, then every field in form order. */
    async entries(appId: number): Promise<AdSettingEntry[]> {
      const { adMob, values } = await this.find(appId);
      return [{ key: AD_MASTER_KEY, value: adMob }, ...AD_FIELDS.map((key) => ({ key, value: values[key] }))];
    },

    /**
     * The ads master. Off clears the Active flags docs/product.md §4 names (the other slots keep theirs);
     * gdprActive follows the master either way.
     */
    async setMaster(appId: number, on: boolean): Promise<void> {
      await findRow(appId);
      const set: AdColumns = { adMob: on, gdprActive: on };
      if (!on) for (const slot of AD_SLOTS_CLEARED_BY_MASTER) Object.assign(set, { [`${slot}Active`]: false });
      await db.update(adSettings).set(set).where(eq(adSettings.appId, appId));
    },

    /** Stores the fields present in the validated body. */
    async update(appId: number, body: AdSettingsBody): Promise<void> {
      const set: AdColumns = {};
      for (const [field, value] of Object.entries(body)) {
        const column = COLUMN_OF[field as AdSettingsField];
        if (column && value !== undefined) Object.assign(set, { [column]: value });
      }
      if (Object.keys(set).length) await db.update(adSettings).set(set).where(eq(adSettings.appId, appId));
    },
  };
}
