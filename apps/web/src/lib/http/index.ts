import { getAccessToken, getTld, getVisitId, setVisitId } from '../storage';
import { createApiClient } from './api-client';

export { ApiError, MaxRetriesError, NonJsonResponseError, isApiError, isErrorBody } from './api-error';
export type { ApiClient, ApiClientOptions, QueryParams, QueryValue, RequestOptions } from './api-client';
export { createApiClient, toQueryString } from './api-client';
export { requireData } from './fetch-json';

const baseUrl: string = import.meta.env.VITE_API_BASE ?? '/api';

/** The app's client: token, visit id and tld come from lib/storage. */
export const api = createApiClient({ baseUrl, getAccessToken, getVisitId, setVisitId, getTld: () => getTld() });
