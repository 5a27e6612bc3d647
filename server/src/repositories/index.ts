// All repositories over one database handle. Route handlers reach them as `request.repos`: a changing
// route's handler runs in the one transaction its audit opens (audit/plugin.ts, audit/context.ts),
// so it calls them directly. Code outside a request (the CLI, services) that must write atomically
// uses `inTransaction`, which hands out the same repositories bound to a transaction.
import type { Db } from '../db/client';
import { adsRepository } from './ads';
import { appSettingsRepository } from './app-settings';
import { appsRepository } from './apps';
import { auditRepository } from './audit';
import { bundleKeysRepository } from './bundle-keys';
import { mirrorsRepository } from './mirrors';
import { clientConfigRepository } from './client-config';
import { versionsRepository } from './versions';
import { devicesRepository } from './devices';
import { encryptionRepository } from './encryption';
import { dbFileStore } from './files';
import { menuRepository } from './menu';
import { countriesRepository } from './countries';
import { dashboardRepository } from './dashboard';
import { operatorsRepository } from './operators';
import { privacyRepository } from './privacy';
import { profilesRepository } from './profiles';
import { serversRepository } from './servers';
import { rolesRepository } from './roles';
import { sessionsRepository } from './sessions';
import { signInFailuresRepository } from './sign-in-failures';
import { subscriptionsRepository } from './subscriptions';
import { totpRepository } from './totp';
import { usersRepository } from './users';

export function createRepositories(db: Db) {
  return {
    users: usersRepository(db),
    apps: appsRepository(db),
    appSettings: appSettingsRepository(db),
    ads: adsRepository(db),
    versions: versionsRepository(db),
    roles: rolesRepository(db),
    sessions: sessionsRepository(db),
    signInFailures: signInFailuresRepository(db),
    totp: totpRepository(db),
    menu: menuRepository(db),
    files: dbFileStore(db),
    devices: devicesRepository(db),
    privacy: privacyRepository(db),
    encryption: encryptionRepository(db),
    countries: countriesRepository(db),
    servers: serversRepository(db),
    profiles: profilesRepository(db),
    operators: operatorsRepository(db),
    clientConfig: clientConfigRepository(db),
    dashboard: dashboardRepository(db),
    audit: auditRepository(db),
    bundleKeys: bundleKeysRepository(db),
    mirrors: mirrorsRepository(db),
    subscriptions: subscriptionsRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

/** Runs `fn` in one transaction, with repositories bound to it; any throw rolls everything back. */
export function inTransaction<T>(db: Db, fn: (repos: Repositories, tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(createRepositories(tx), tx));
}
