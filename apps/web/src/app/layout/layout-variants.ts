import type { Layout } from '@velora/shared';

// product §1 layouts as structure: which header and footer a layout uses and whether it carries the free-area
// banner. Widths and backgrounds are the CSS of `.site--{layout}` (styles/layouts.css).

export type HeaderVariant = 'standard' | 'compact' | 'centered' | 'overlay' | 'minimal';
export type FooterVariant = 'full' | 'compact';

export interface LayoutSpec {
  header: HeaderVariant;
  footer: FooterVariant;
  /** The free-area banner and where it sits. */
  banner?: 'top' | 'bottom' | 'ribbon';
  /** The label beside the logo. */
  label?: 'memberArea' | 'freeArea' | 'ladiesTagline' | 'blogTagline';
}

export const LAYOUT_SPECS: Record<Exclude<Layout, 'blank'>, LayoutSpec> = {
  main: { header: 'standard', footer: 'full' },
  'member-area': { header: 'standard', footer: 'full', label: 'memberArea' },
  ladies: { header: 'centered', footer: 'compact', label: 'ladiesTagline' },
  'ladies-v2': { header: 'overlay', footer: 'compact', label: 'ladiesTagline' },
  v2: { header: 'compact', footer: 'full' },
  'v2-blog': { header: 'compact', footer: 'full', label: 'blogTagline' },
  'free-area-v2-a': { header: 'overlay', footer: 'compact', banner: 'top', label: 'freeArea' },
  'free-area-v2-b': { header: 'compact', footer: 'compact', banner: 'bottom', label: 'freeArea' },
  'free-area-v2-c': { header: 'minimal', footer: 'compact', banner: 'ribbon', label: 'freeArea' },
};
