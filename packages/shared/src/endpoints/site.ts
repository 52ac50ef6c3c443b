import { authEndpoints } from './auth';
import { blogEndpoints } from './blog';
import { cameraChatEndpoints } from './camera-chat';
import { camerasEndpoints } from './cameras';
import { catalogEndpoints } from './catalog';
import { complianceEndpoints } from './compliance';
import type { EndpointSpec } from './define-endpoint';
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

/**
 * The site's calls: everything but the back office's (members, visitors, models in the studio, the second factor).
 * The web's first chunk carries these entries with their contracts and not the back office's, which it loads with
 * the back office's first call (decision records 023, 052).
 */
export const SITE_ENDPOINTS = {
  ...healthEndpoints,
  ...visitsEndpoints,
  ...authEndpoints,
  ...secondFactorEndpoints,
  ...userEndpoints,
  ...complianceEndpoints,
  ...featuresEndpoints,
  ...videosEndpoints,
  ...catalogEndpoints,
  ...camerasEndpoints,
  ...cameraChatEndpoints,
  ...messagesEndpoints,
  ...moneyEndpoints,
  ...pagesEndpoints,
  ...playdatesEndpoints,
  ...blogEndpoints,
} satisfies Record<string, EndpointSpec>;
