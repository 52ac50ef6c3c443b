import type { Capability } from '@velora/shared';
import { paths } from '@/paths';

/** The back office's sections, each with the capability it needs (decision record 024's table decides who sees it). */
export const BACKOFFICE_SECTIONS = [
  // The catalog first (the daily work), then words and pages, the site's settings, and the team's own.
  { key: 'videos', capability: 'moderation.content', href: () => paths.backofficeVideos() },
  { key: 'models', capability: 'moderation.content', href: () => paths.backofficeModels() },
  { key: 'shoots', capability: 'moderation.content', href: () => paths.backofficeShoots() },
  { key: 'retag', capability: 'videos.retag', href: () => paths.backofficeRetag() },
  { key: 'tags', capability: 'videos.retag', href: () => paths.backofficeTags() },
  { key: 'blog', capability: 'blog.write', href: () => paths.backofficeBlog() },
  { key: 'pages', capability: 'admin.settings', href: () => paths.backofficePages() },
  { key: 'meta', capability: 'admin.settings', href: () => paths.backofficeMeta() },
  { key: 'flags', capability: 'admin.settings', href: () => paths.backofficeFlags() },
  { key: 'prices', capability: 'admin.settings', href: () => paths.backofficePrices() },
  { key: 'playdateLimits', capability: 'backoffice', href: () => paths.backofficePlaydateLimits() },
  { key: 'cameraFeedback', capability: 'backoffice', href: () => paths.teamCameraFeedback() },
  { key: 'team', capability: 'admin.team', href: () => paths.backofficeTeam() },
  { key: 'audit', capability: 'admin.audit', href: () => paths.backofficeAudit() },
] as const satisfies readonly { key: string; capability: Capability; href: () => string }[];

export type BackofficeSection = (typeof BACKOFFICE_SECTIONS)[number];

/** The capabilities that open the back office at all: the team's, and the editorial ones. */
export const BACKOFFICE_ENTRY: readonly Capability[] = ['backoffice', 'blog.write', 'videos.retag'];
