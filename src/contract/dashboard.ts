// The dashboard's figures (docs/product.md §7 "Dashboard"): GET dashboard/stats answers them for what the
// caller may see (role_id 1 everything, anyone else the apps they administer and what hangs off them).
import type * as yup from 'yup';
import type { dashboardAppVersionsSchema, dashboardStatsSchema, dashboardVersionSchema } from './responses-reports';

/** How many days `devices.perDay` covers, today included. */
export const DASHBOARD_DAYS = 30;

/** One version of an app with the devices reporting it; `appVersion` null for devices that sent none. */
export type DashboardVersion = yup.InferType<typeof dashboardVersionSchema>;

export type DashboardAppVersions = yup.InferType<typeof dashboardAppVersionsSchema>;

/**
 * GET dashboard/stats (its schema says how registrations are counted). Staff user figures are null
 * unless the caller has the admin role (users:manage).
 */
export type DashboardStats = yup.InferType<typeof dashboardStatsSchema>;
