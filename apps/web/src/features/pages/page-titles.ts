import { useSyncExternalStore } from 'react';

// Titles that page content publishes once loaded (a custom page, a landing), by path. The document title
// uses them when GET /pages/meta has none, so a loaded page is not titled after its route ("Page not found").

let titles: ReadonlyMap<string, string> = new Map();
const listeners = new Set<() => void>();

export function publishPageTitle(path: string, title: string | null): void {
  const current = titles.get(path) ?? null;
  const next = title?.trim() || null;
  if (current === next) return;
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

export function usePublishedPageTitle(path: string): string | null {
  return useSyncExternalStore(
    subscribe,
    () => titles.get(path) ?? null,
    () => titles.get(path) ?? null,
  );
}
