// Public face of the data layer: baseApi (inject endpoints here), tags, the request helper and
// session helpers (and the signed-in profile summary).
export { baseApi, endSession, unwrapData } from './base-api';
export { apiUrl, request, COMMUNICATION_ERROR, type ApiError, type RequestArgs, type HttpMethod, type QueryParams } from './base-query';
export { TAG_TYPES, providesList, listTag, invalidatesItem, invalidatesItems, unlessRefused, type TagType, type Tag } from './tags';
export { sessionApi, useGetCurrentUserQuery, useCurrentUser } from './session';
export { useProfileSummary } from './profile';
export { isApiError, errorMessageId, fieldErrorsOf } from './errors';
export { sharedReadsApi, useGetAppsQuery, useGetCountriesQuery, type AppListItem, type AppsListArgs } from './shared-reads';
export { appNameApi, useMissingAppOption, UNKNOWN_APP_MESSAGE, type AppOption } from './app-option';
