import { useSyncExternalStore } from 'react';

// Titles that page content publishes once loaded (a custom page, a landing), by path. The document title
// uses them when GET /pages/meta has none, so a loaded page is not titled after its route ("Page not found").
// A title published with `replacesMeta` wins over the server's meta title too: the server answers any path it
// has no page for with the site's default (the landing's) title, which a "Page not found" screen must not keep.

export interface PublishedTitle {
  title: string;
  replacesMeta: boolean;
}

let titles: ReadonlyMap<string, PublishedTitle> = new Map();
const listeners = new Set<() => void>();

export function publishPageTitle(path: string, title: string | null, options: { replacesMeta?: boolean } = {}): void {
  const current = titles.get(path) ?? null;
  const text = title?.trim() || null;
  const next = text === null ? null : { title: text, replacesMeta: options.replacesMeta === true };
  if (current?.title === next?.title && current?.replacesMeta === next?.replacesMeta) return;
  const copy = new Map(titles);
  if (next === null) copy.delete(path);
  else copy.set(path, next);
  titles = copy;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePublishedPageTitle(path: string): PublishedTitle | null {
  return useSyncExternalStore(
    subscribe,
    () => titles.get(path) ?? null,
    () => titles.get(path) ?? null,
  );
}
