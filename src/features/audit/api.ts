// The audit log (docs/product.md §7 "Audit log"): GET audit, server-paged newest first with its filters,
// and GET audit/filters, the choices of those filters. Read only; a visit always loads afresh,
// since any change anywhere adds a record.
import { baseApi, unwrapData } from '@/lib/api';
import type { AuditFilterOptions, AuditList, AuditRowDto, DataResponse } from '@/contract';

export type AuditRow = AuditRowDto;

export interface AuditArgs {
  page: number;
  size: number;
  actorId?: number;
  action?: string;
  targetType?: string;
  /** ISO date-times, inclusive. */
  from?: string;
  to?: string;
}

export const auditApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAudit: build.query<AuditList, AuditArgs>({
      query: (params) => ({ url: 'audit', params: { ...params } }),
    }),
    getAuditFilters: build.query<AuditFilterOptions, void>({
      query: () => 'audit/filters',
      transformResponse: (response: DataResponse<AuditFilterOptions>) => unwrapData(response),
    }),
  }),
});

export const { useGetAuditQuery, useLazyGetAuditQuery, useGetAuditFiltersQuery } = auditApi;
