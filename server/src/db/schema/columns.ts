// Column helpers shared by the table groups, so every table spells its timestamps and byte
// columns the same way.
import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Timestamps with time zone; updatedAt moves on every Drizzle update. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** bytea as a Node Buffer; PGlite hands back a Uint8Array and pg a Buffer, so both are wrapped. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});
