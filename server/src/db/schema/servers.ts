// Countries, VPN servers, the server↔app links and each server's connection profiles (docs/product.md §3
// Server, Country, Profile). Secrets (server passwords, profile addresses) are stored encrypted
// with SECRETS_KEY (docs/architecture.md §6), hence the *_enc columns.
import { index, integer, pgTable, primaryKey, bigserial, serial, text, varchar } from 'drizzle-orm/pg-core';
import { apps } from './apps';
import { timestamps } from './columns';
import { operatorEnum, profileTypeEnum, protocolEnum } from './enums';

/** ISO 3166-1 alpha-2 countries with their IANA time zones, seeded from countries-and-timezones. */
export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 2 }).notNull().unique(),
  name: text('name').notNull(),
  timezones: text('timezones').array().notNull().default([]),
});

export const servers = pgTable(
  'servers',
  {
    id: serial('id').primaryKey(),
    /** Shown as the server name. */
    ip: text('ip').notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'restrict' }),
    username: text('username'),
    passwordEnc: text('password_enc'),
    provider: text('provider'),
    port: integer('port'),
    ...timestamps,
  },
  (t) => [index('servers_country_idx').on(t.countryId), index('servers_ip_idx').on(t.ip)],
);

export const serverApps = pgTable(
  'server_apps',
  {
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
  },
  // The primary key serves lookups by server; app admins' views look up by app.
  (t) => [primaryKey({ columns: [t.serverId, t.appId] }), index('server_apps_app_idx').on(t.appId)],
);

export const profiles = pgTable(
  'profiles',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    serverId: integer('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    addressEnc: text('address_enc').notNull(),
    operator: operatorEnum('operator').notNull(),
    protocol: protocolEnum('protocol').notNull(),
    type: profileTypeEnum('type').notNull().default('normal'),
    ...timestamps,
  },
  (t) => [
    index('profiles_server_idx').on(t.serverId, t.id),
    // apps/convertProfile finds the audited profile by its sealed token (a hash index: equality only,
    // and far smaller than a btree over tokens of a hundred characters and more)
    index('profiles_address_idx').using('hash', t.addressEnc),
  ],
);
