// The four global operator display names (docs/product.md §3 Operator settings), stored as key/value rows.
// Keys never written yet read as empty strings, so the settings form always gets all four.
import { inArray, sql } from 'drizzle-orm';
import { OPERATOR_SETTING_KEYS, type OperatorNames, type OperatorSettingsBody } from '../../../src/contract';
import type { Db } from '../db/client';
import { operatorSettings } from '../db/schema';

export function operatorsRepository(db: Db) {
  return {
    async get(): Promise<OperatorNames> {
      const rows = await db
        .select()
        .from(operatorSettings)
        .where(inArray(operatorSettings.key, [...OPERATOR_SETTING_KEYS]));
      const stored = new Map(rows.map((r) => [r.key, r.value]));
      return Object.fromEntries(OPERATOR_SETTING_KEYS.map((k) => [k, stored.get(k) ?? ''])) as OperatorNames;
    },

    /** Writes all four in one statement, so a reader never sees half of an update. */
    async set(values: OperatorSettingsBody): Promise<void> {
      await db
        .insert(operatorSettings)
        .values(OPERATOR_SETTING_KEYS.map((key) => ({ key, value: values[key] })))
        .onConflictDoUpdate({ target: operatorSettings.key, set: { value: sql`excluded.value`, updatedAt: new Date() } });
    },
  };
}
