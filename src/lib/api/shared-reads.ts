// The reads several features share (docs/product.md §7 GET apps, GET apps/countries): declared once, so
// every page that needs the application list or the country list hits one cache entry and one tag.
// The apps feature shows the list; servers, devices and encryption offer it as choices.
import type { AppDto, CountryDto, SourceHostValues } from '@/contract';
import { baseApi, unwrapData } from './base-api';
import { providesList } from './tags';

/** One row of GET apps; the five source-host values come only for role_id 1. */
export type AppListItem = AppDto & Partial<SourceHostValues>;

export interface AppsListArgs {
  /** Only the caller's own apps (GET apps?state=appAdmin). */
  own?: boolean;
}

export const sharedReadsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getApps: build.query<AppListItem[], AppsListArgs | void>({
      query: (args) => ({ url: 'apps', params: args && args.own ? { state: 'appAdmin' } : undefined }),
      // `undefined`, `{}` and `{ own: false }` ask for the same list: one cache entry for them.
      serializeQueryArgs: ({ endpointName, queryArgs }) => `${endpointName}(${queryArgs && queryArgs.own ? 'own' : 'all'})`,
      transformResponse: unwrapData<AppListItem[]>,
      providesTags: (r) => providesList(r, 'App'),
    }),
    getCountries: build.query<CountryDto[], void>({
      query: () => 'apps/countries',
      transformResponse: unwrapData<CountryDto[]>,
      providesTags: (r) => providesList(r, 'Country'),
    }),
  }),
});

export const { useGetAppsQuery, useGetCountriesQuery } = sharedReadsApi;
