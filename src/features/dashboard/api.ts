// GET dashboard/stats (docs/product.md §7 "Dashboard"): the figures of the landing page, for what the
// signed-in user may see. Refetched when the page is opened again after half a minute.
import { baseApi, unwrapData } from '@/lib/api';
import type { DashboardStats, HealthCellDto } from '@/contract';

export const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDashboardStats: build.query<DashboardStats, void>({
      query: () => ({ url: 'dashboard/stats' }),
      transformResponse: unwrapData<DashboardStats>,
    }),
    /** GET apps/health: the field health matrix, of which the dashboard counts the failing profiles. */
    getHealthCells: build.query<HealthCellDto[], void>({
      query: () => ({ url: 'apps/health' }),
      transformResponse: unwrapData<HealthCellDto[]>,
    }),
  }),
});

export const { useGetDashboardStatsQuery, useGetHealthCellsQuery } = dashboardApi;
