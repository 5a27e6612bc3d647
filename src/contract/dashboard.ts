// The dashboard's figures (docs/product.md §7 "Dashboard"): GET dashboard/stats answers them for what the
// caller may see (role_id 1 everything, anyone else the apps they administer and what hangs off them).
import type { Operator, Protocol } from './enums';

/** How many days `devices.perDay` covers, today included. */
export const DASHBOARD_DAYS = 30;

export interface DashboardCount<K extends string> {
  key: K;
  count: number;
}

/** One version of an app with the devices reporting it; `appVersion` null for devices that sent none. */
export interface DashboardVersion {
  appVersion: number | null;
  devices: number;
  /** The version's record is blocked (status false): its devices are told to update. */
  blocked: boolean;
}

export interface DashboardAppVersions {
  appId: number;
  appName: string;
  /** The app's devices (the sum over its versions). */
  devices: number;
  /** Highest version first; devices without a version last. */
  versions: DashboardVersion[];
}

export interface DashboardStats {
  apps: { active: number; inactive: number };
  servers: { total: number; byCountry: { code: string; name: string; count: number }[] };
  profiles: { total: number; byOperator: DashboardCount<Operator>[]; byProtocol: DashboardCount<Protocol>[] };
  /**
   * Registrations are counted by the hour of Iran's clock (Asia/Tehran): `last24h` is the current
   * hour and the 23 before it, `last7d` and `last30d` today and the 6 (29) days before, and
   * `perDay` the last DASHBOARD_DAYS days, oldest first, each day as YYYY-MM-DD (Gregorian).
   */
  devices: {
    total: number;
    last24h: number;
    last7d: number;
    last30d: number;
    perDay: { day: string; count: number }[];
    byVersion: DashboardAppVersions[];
  };
  /** Staff users; null unless the caller has the admin role (users:manage). */
  users: { active: number; inactive: number } | null;
}
