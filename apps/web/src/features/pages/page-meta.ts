import type { PageMeta } from '@velora/shared';
import { PRODUCT_NAME } from '@velora/shared';
import { useEffect } from 'react';
import { useContentLanguage } from '@/lib/content-language';
import { usePageMetaQuery } from './api/get-page-meta';
import { usePublishedPageTitle } from './page-titles';

// product §7: GET /pages/meta on every navigation; its values go to the meta tags and the canonical link.

const META_NAMES = ['description', 'keywords', 'robots'] as const;
type MetaName = (typeof META_NAMES)[number];

/** What index.html ships, restored when the server has nothing for a page. */
const shipped = new Map<MetaName, string | null>();

function metaTag(doc: Document, name: MetaName): HTMLMetaElement | null {
  return doc.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
}

function setMeta(doc: Document, name: MetaName, value: string | null): void {
  if (!shipped.has(name)) shipped.set(name, metaTag(doc, name)?.content ?? null);
  const content = value?.trim() || shipped.get(name) || null;
  let tag = metaTag(doc, name);
  if (content === null) {
    tag?.remove();
    return;
  }
  if (!tag) {
    tag = doc.createElement('meta');
    tag.name = name;
    doc.head.appendChild(tag);
  }
  tag.content = content;
}

function setCanonical(doc: Document, href: string): void {
  let link = doc.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'canonical';
    doc.head.appendChild(link);
  }
  link.href = href;
}

/** The canonical URL: the server's, made absolute, else this page without its query. */
export function canonicalUrl(meta: Pick<PageMeta, 'canonical'> | null | undefined, path: string, origin: string): string {
  const given = meta?.canonical?.trim();
  if (given) {
    try {
      return new URL(given, origin).href;
    } catch {
      // An unusable value falls back to the page itself.
    }
  }
  return new URL(path, origin).href;
}

/** Writes description, keywords, robots and the canonical link; a missing value restores the default or drops the tag. */
export function applyPageMeta(doc: Document, meta: PageMeta | null | undefined, path: string): void {
  for (const name of META_NAMES) setMeta(doc, name, meta?.[name] ?? null);
  setCanonical(doc, canonicalUrl(meta, path, doc.location?.origin ?? window.location.origin));
}

/**
 * Loads the meta of a path and applies it; answers the title the document should carry, or null to keep
 * "Velora – section": the server's title as given, else "Velora – <title the page content published>"; a title
 * published to replace the meta's (the not-found screen's) wins over the server's.
 */
export function usePageMeta(path: string): { title: string | null } {
  const language = useContentLanguage();
  const { data } = usePageMetaQuery(path, language);
  const published = usePublishedPageTitle(path);
  useEffect(() => {
    applyPageMeta(document, data, path);
  }, [data, path]);
  if (published?.replacesMeta) return { title: `${PRODUCT_NAME} – ${published.title}` };
  return { title: data?.title?.trim() || (published ? `${PRODUCT_NAME} – ${published.title}` : null) };
}
