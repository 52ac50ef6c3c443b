import { backofficeEndpoints } from './backoffice';
import { backofficeBlogEndpoints } from './backoffice-blog';
import { backofficeCatalogEndpoints } from './backoffice-catalog';
import { backofficePagesEndpoints } from './backoffice-pages';
import { backofficeSettingsEndpoints } from './backoffice-settings';
import { backofficeTagsEndpoints } from './backoffice-tags';
import { backofficeVideosEndpoints } from './backoffice-videos';
import type { EndpointSpec } from './define-endpoint';

/**
 * The back office's calls (decision records 070–076), in a module of their own: the web imports it only when the back
 * office makes its first call, so a member's pages never download these entries and their contracts (decision 052).
 */
export const BACKOFFICE_ENDPOINTS = {
  ...backofficeEndpoints,
  ...backofficeTagsEndpoints,
  ...backofficeSettingsEndpoints,
  ...backofficeBlogEndpoints,
  ...backofficePagesEndpoints,
  ...backofficeVideosEndpoints,
  ...backofficeCatalogEndpoints,
} satisfies Record<string, EndpointSpec>;
