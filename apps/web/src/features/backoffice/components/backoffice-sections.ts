import type { Capability } from '@velora/shared';
import { paths } from '@/paths';

/** The back office's sections, each with the capability it needs (decision record 024's table decides who sees it). */
export const BACKOFFICE_SECTIONS = [
  { key: 'audit', capability: 'admin.audit', href: () => paths.backofficeAudit() },
  { key: 'team', capability: 'admin.team', href: () => paths.backofficeTeam() },
  { key: 'models', capability: 'moderation.content', href: () => paths.backofficeModels() },
  { key: 'shoots', capability: 'moderation.content', href: () => paths.backofficeShoots() },
  { key: 'cameraFeedback', capability: 'backoffice', href: () => paths.teamCameraFeedback() },
  { key: 'playdateLimits', capability: 'backoffice', href: () => paths.teamPlaydateLimits() },
] as const satisfies readonly { key: string; capability: Capability; href: () => string }[];

export type BackofficeSection = (typeof BACKOFFICE_SECTIONS)[number];

/** The capabilities that open the back office at all: the team's, and the editorial ones. */
export const BACKOFFICE_ENTRY: readonly Capability[] = ['backoffice', 'blog.write', 'videos.retag'];
