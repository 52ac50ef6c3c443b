import type { LegalPageName } from '@/paths';
import { routePath } from '@/paths';

// The legal pages (product §2): readable without the age gate, linked from the compliance layers.
export const LEGAL_PAGES = ['agb', 'contactUs', 'report', 'dmca', 'prohibitedContent'] as const satisfies readonly LegalPageName[];
export const LEGAL_PATHS: readonly string[] = LEGAL_PAGES.map((name) => routePath(name));
/** product §4: the age-verification popup never shows here while age verification is active. */
export const AGE_VERIFICATION_QUIET_PATHS: readonly string[] = [routePath('agb'), routePath('contactUs')];
