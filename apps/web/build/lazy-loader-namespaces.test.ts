import { describe, expect, it } from 'vitest';
import { enTexts } from '../src/locales/en';
import { FIRST_PAGE_NAMESPACES, SECTIONS_OF } from '../src/locales/namespaces';
import { lazyLoaders, listNamed } from './lazy-loaders';
import { modulesBroughtBy, textsNamedIn } from './texts-read';

// A lazy screen or dialog names the namespaces its code reads beside its import (decision 066). One it forgets still
// arrives, through the missing-key fallback, but only after the screen showed raw keys: these tests name the loader,
// the module that reads the key and the namespace missing from the list.

/**
 * What is loaded before a lazy module renders, whoever runs it: the first page's namespaces. English bundles them
 * (locales/load-texts.ts), and app/i18n.ts gives them to i18next as its `ns`, which i18next loads in German or French
 * before a change of language completes. A route screen only members reach (every route showing it requires a log-in,
 * so the guards send a visitor away) has the member header's namespaces too: app/router.tsx's `lazy` loads
 * MEMBER_HEADER_TEXTS with the screen whenever an access token is stored. Dialogs, hosts and players get nothing more:
 * a member who has just logged in may open one while the header's texts are still on their way.
 */
const MEMBER_HEADER_TEXTS = listNamed('app/layout/site-header.tsx', 'MEMBER_HEADER_TEXTS') ?? [];
const loadedBefore = (membersOnly: boolean): ReadonlySet<string> => new Set([...FIRST_PAGE_NAMESPACES, ...(membersOnly ? MEMBER_HEADER_TEXTS : [])]);

const loaders = lazyLoaders();

const readBy = new Map<string, Map<string, string>>();

/** Each namespace a loader's modules read, with the first key that reads it and where. */
function namespacesRead(root: string): Map<string, string> {
  const known = readBy.get(root);
  if (known) return known;
  const read = new Map<string, string>();
  readBy.set(root, read);
  for (const module of modulesBroughtBy(root)) {
    for (const { key, namespace } of textsNamedIn(module, enTexts, SECTIONS_OF)) if (!read.has(namespace)) read.set(namespace, `'${key}' in ${module}`);
  }
  return read;
}

describe('the namespaces a lazy loader names (decision 066)', () => {
  it('finds the lazy loaders of the route table, the popups, the hosts, the member header and the player', () => {
    const found = (module: string) => loaders.filter((loader) => loader.module === module).map(({ namespaces, membersOnly }) => ({ namespaces, membersOnly }));
    expect(found('features/auth/routes/forgot-password.tsx')).toEqual([{ namespaces: ['auth'], membersOnly: false }]);
    expect(found('features/catalog/routes/models.tsx')[0]?.membersOnly).toBe(true);
    expect(found('features/paywall/components/buy-coins-popup.tsx')).toHaveLength(1);
    expect(found('app/layout/member-header.tsx')).toEqual([{ namespaces: MEMBER_HEADER_TEXTS, membersOnly: false }]);
    expect(found('features/player/components/theater-player.tsx')).toHaveLength(1);
    expect(found('app/screens/landing-screen.tsx')).toEqual([{ namespaces: [], membersOnly: false }]);
    expect(MEMBER_HEADER_TEXTS.length).toBeGreaterThan(0);
  });

  // It reads every module each lazy screen brings (about 40 back-office screens among them): seconds of parsing on a
  // busy CI machine, past the 5-second default there once.
  it('names every namespace its code reads that is not loaded before it', { timeout: 60_000 }, () => {
    const missing = loaders.flatMap(({ site, module, namespaces, membersOnly }) => {
      const loaded = new Set([...loadedBefore(membersOnly), ...namespaces]);
      return [...namespacesRead(module)]
        .filter(([namespace]) => !loaded.has(namespace))
        .map(([namespace, where]) => `${site} loads ${module} with [${namespaces.join(', ')}]: ${namespace} is missing (${where})`);
    });
    expect(missing).toEqual([]);
  });

  it('names no namespace its code does not read', () => {
    const loose = loaders.flatMap(({ site, module, namespaces }) => {
      const read = namespacesRead(module);
      return namespaces.filter((namespace) => !read.has(namespace)).map((namespace) => `${site} loads ${module} with ${namespace}, which its code never reads`);
    });
    expect(loose).toEqual([]);
  });
});
