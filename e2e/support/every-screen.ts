import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import type { Finding, ViewerSession } from './screen-checks';
import { DESKTOP, PHONE, axeFindings, openDialogs, openScreen, openViewer, overflowFinding, resize, useLanguage } from './screen-checks';
import type { Lang, Screen, Viewer } from './screens';
import { pathOf, resolveScreens } from './screens';
import { startServer, type RunningServer } from './start-server';

// Decision 050: every screen of the app, as the user who sees it, at 1366 and 360 px. axe-core finds no violation of
// impact serious or critical (English on every screen, German and French on the text-heavy ones), and at 360 px
// nothing is wider than the viewport, in English, German and French. One server, one browser, one page per user in
// each language's file (every-screen.*.e2e.ts), so the three languages run side by side; after the first screen the
// app is navigated client-side, as a link would. A failure lists every finding with its screen, and says which ones
// lie in the site header only.

const VIEWERS: readonly Viewer[] = ['visitor', 'member', 'premium', 'model', 'admin'];

interface Failure extends Finding {
  where: string;
}

export interface EveryScreenRun {
  /** Every screen of the demo paths (known once the file's server is up). */
  screens(): Screen[];
  /** Each screen opened in turn, at the given language, with `check` run on it; returns what `check` found. */
  eachScreen(lang: Lang, check: (session: ViewerSession, screen: Screen, where: (size: string) => string) => Promise<Failure[]>): Promise<Failure[]>;
  /** Opens the screen and says what is wrong with the page's language or a popup that opened by itself. */
  opened(session: ViewerSession, screen: Screen, lang: Lang, where: string): Promise<Failure[]>;
}

/** Sets up a file's server, browser and one page per viewer (beforeAll/afterAll), and hands back what its tests use. */
export function setUpEveryScreen(): EveryScreenRun {
  let server: RunningServer;
  let browser: Browser;
  let screens: Screen[] = [];
  const sessions = new Map<Viewer, ViewerSession>();
  const timings: { what: string; ms: number }[] = [];

  beforeAll(async () => {
    server = await startServer('pglite');
    [screens, browser] = await Promise.all([resolveScreens(server.url), launchBrowser()]);
    for (const viewer of VIEWERS) sessions.set(viewer, await openViewer(browser, server.url, viewer));
  });

  afterAll(async () => {
    const slowest = [...timings].sort((a, b) => b.ms - a.ms).slice(0, 5);
    if (slowest.length > 0) console.info(`every-screen: slowest ${slowest.map((t) => `${t.what} ${t.ms} ms`).join(', ')}`);
    await browser?.close();
    await server?.stop();
  });

  async function eachScreen(lang: Lang, check: (session: ViewerSession, screen: Screen, where: (size: string) => string) => Promise<Failure[]>): Promise<Failure[]> {
    const failures: Failure[] = [];
    for (const viewer of VIEWERS) {
      const mine = screens.filter((s) => s.viewer === viewer);
      if (mine.length === 0) continue;
      const session = sessions.get(viewer)!;
      await useLanguage(server.url, session, lang);
      for (const screen of mine) {
        const where = (size: string) => `${screen.name} ${pathOf(screen, lang)} as ${viewer}, ${lang}, ${size}`;
        const started = Date.now();
        try {
          failures.push(...(await check(session, screen, where)));
        } catch (error) {
          failures.push({ header: false, where: where('any width'), text: `did not open: ${(error as Error).message.split('\n')[0]}` });
          session.loaded = false;
        }
        timings.push({ what: `${screen.name} (${lang})`, ms: Date.now() - started });
      }
    }
    return failures;
  }

  async function opened(session: ViewerSession, screen: Screen, lang: Lang, where: string): Promise<Failure[]> {
    await openScreen(server.url, session, screen, lang);
    const failures: Failure[] = [];
    const pageLang = await session.page.evaluate(() => document.documentElement.lang);
    if (!pageLang.startsWith(lang)) failures.push({ header: false, where, text: `the page language is "${pageLang}"` });
    // The log-in and sign-up screens are dialogs; anything else that is open came by itself.
    const expected = new URL(pathOf(screen, lang), server.url).hash ? 1 : 0;
    const dialogs = await openDialogs(session.page);
    if (dialogs.length > expected) failures.push({ header: false, where, text: `a popup opened by itself: ${dialogs.join(', ')}` });
    return failures;
  }

  return { screens: () => screens, eachScreen, opened };
}

export const at = (where: string, findings: readonly Finding[]): Failure[] => findings.map((f) => ({ ...f, where }));

export function report(failures: readonly Failure[]): string {
  const headerOnly = failures.filter((f) => f.header).length;
  return [
    `${failures.length} finding(s), ${headerOnly} of them in the site header only:`,
    ...failures.map((f) => `- ${f.header ? '[site header] ' : ''}${f.where}: ${f.text}`),
  ].join('\n');
}

/** The check of German and French: at 360 px nothing wider than the viewport, axe on the text-heavy screens. */
export function phoneCheckOf(run: EveryScreenRun, lang: Lang) {
  return async (session: ViewerSession, screen: Screen, where: (size: string) => string): Promise<Failure[]> => {
    await resize(session.page, PHONE);
    const found = await run.opened(session, screen, lang, where('360 px'));
    if (screen.textHeavy) found.push(...at(where('360 px'), await axeFindings(session.page)));
    const overflow = await overflowFinding(session.page);
    if (overflow) found.push({ ...overflow, where: where('360 px') });
    return found;
  };
}

/** The check of English: axe at 1366 and 360 px, and nothing wider than 360 px. */
export function englishCheckOf(run: EveryScreenRun) {
  return async (session: ViewerSession, screen: Screen, where: (size: string) => string): Promise<Failure[]> => {
    await resize(session.page, DESKTOP);
    const found = await run.opened(session, screen, 'en', where('1366 px'));
    found.push(...at(where('1366 px'), await axeFindings(session.page)));
    await resize(session.page, PHONE);
    found.push(...at(where('360 px'), await axeFindings(session.page)));
    const overflow = await overflowFinding(session.page);
    if (overflow) found.push({ ...overflow, where: where('360 px') });
    return found;
  };
}
