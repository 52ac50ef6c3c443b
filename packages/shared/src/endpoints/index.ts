import { authEndpoints } from './auth';
import { backofficeEndpoints } from './backoffice';
import { backofficeTagsEndpoints } from './backoffice-tags';
import { backofficeSettingsEndpoints } from './backoffice-settings';
import { backofficeBlogEndpoints } from './backoffice-blog';
import { backofficePagesEndpoints } from './backoffice-pages';
import { backofficeVideosEndpoints } from './backoffice-videos';
import { backofficeCatalogEndpoints } from './backoffice-catalog';
import { blogEndpoints } from './blog';
import { cameraChatEndpoints } from './camera-chat';
import { camerasEndpoints } from './cameras';
import { catalogEndpoints } from './catalog';
import { complianceEndpoints } from './compliance';
import { BACKOFFICE_ENDPOINTS } from './backoffice-all';
import type { EndpointSpec } from './define-endpoint';
import { SITE_ENDPOINTS } from './site';
import { featuresEndpoints } from './features';
import { healthEndpoints } from './health';
import { messagesEndpoints } from './messages';
import { moneyEndpoints } from './money';
import { pagesEndpoints } from './pages';
import { playdatesEndpoints } from './playdates';
import { secondFactorEndpoints } from './second-factor';
import { userEndpoints } from './user';
import { videosEndpoints } from './videos';
import { visitsEndpoints } from './visits';

export * from './define-endpoint';

/**
 * Every call under /api, by a stable name (decision record 023). The server registers its routes from these
 * entries, the web types its calls from them, and the generated suite in apps/server/test/endpoints tries each.
 * Outside /api: /media/* (signed binary answers, no session) and /socket.io are not endpoints of this table; nor is
 * the tus upload of video sources at /api/backoffice/uploads (decision record 074), which checks the same capability.
 */
export const ENDPOINTS = {
  ...SITE_ENDPOINTS,
  ...BACKOFFICE_ENDPOINTS,
} satisfies Record<string, EndpointSpec>;

export { BACKOFFICE_ENDPOINTS } from './backoffice-all';
export { SITE_ENDPOINTS } from './site';

/** The per-domain tables ENDPOINTS is spread from (a name in two of them would silently win once; a test checks). */
export const ENDPOINT_GROUPS: ReadonlyArray<Record<string, EndpointSpec>> = [
  healthEndpoints,
  visitsEndpoints,
  authEndpoints,
  secondFactorEndpoints,
  userEndpoints,
  complianceEndpoints,
  featuresEndpoints,
  videosEndpoints,
  catalogEndpoints,
  camerasEndpoints,
  cameraChatEndpoints,
  messagesEndpoints,
  moneyEndpoints,
  pagesEndpoints,
  playdatesEndpoints,
  blogEndpoints,
  backofficeEndpoints,
  backofficeTagsEndpoints,
  backofficeSettingsEndpoints,
  backofficeBlogEndpoints,
  backofficePagesEndpoints,
  backofficeVideosEndpoints,
  backofficeCatalogEndpoints,
];

export type Endpoints = typeof ENDPOINTS;
export type EndpointName = keyof Endpoints;
export const ENDPOINT_NAMES = Object.keys(ENDPOINTS) as EndpointName[];

/** The path under which the table's paths sit. */
export const API_PREFIX = '/api';

/** The table as [name, entry] pairs, typed by the common shape (for code that walks every entry). */
export const ENDPOINT_ENTRIES = Object.entries(ENDPOINTS) as Array<[EndpointName, EndpointSpec]>;
