import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import type { Finding, ViewerSession } from './support/screen-checks';
import { DESKTOP, PHONE, axeFindings, openDialogs, openScreen, openViewer, overflowFinding, resize, useLanguage } from './support/screen-checks';
import type { Lang, Screen, Viewer } from './support/screens';
import { pathOf, resolveScreens, routesWithoutScreen } from './support/screens';
import { startServer, type RunningServer } from './support/start-server';

// Decision 050: every screen of the app, as the user who sees it, at 1366 and 360 px. axe-core finds no violation of
// impact serious or critical (English on every screen, German and French on the text-heavy ones), and at 360 px
// nothing is wider than the viewport, in English, German and French. One server, one browser, one page per user;
// after the first screen the app is navigated client-side, as a link would. A failure lists every finding with its
// screen, and says which ones lie in the site header only.

const VIEWERS: readonly Viewer[] = ['visitor', 'member', 'premium', 'model', 'admin'];

let server: RunningServer;
let browser: Browser;
let screens: Screen[];
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

interface Failure extends Finding {
  where: string;
}

function report(failures: readonly Failure[]): string {
  const headerOnly = failures.filter((f) => f.header).length;
  return [
    `${failures.length} finding(s), ${headerOnly} of them in the site header only:`,
    ...failures.map((f) => `- ${f.header ? '[site header] ' : ''}${f.where}: ${f.text}`),
  ].join('\n');
}

/** Opens each screen of the viewer in turn and runs `check` on it; a screen that does not open is a finding too. */
async function eachScreen(lang: Lang, pick: (s: Screen) => boolean, check: (session: ViewerSession, screen: Screen, where: (size: string) => string) => Promise<Failure[]>): Promise<Failure[]> {
  const failures: Failure[] = [];
  for (const viewer of VIEWERS) {
    const mine = screens.filter((s) => s.viewer === viewer && pick(s));
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

const at = (where: string, findings: readonly Finding[]): Failure[] => findings.map((f) => ({ ...f, where }));

describe('every screen', () => {
  it('has a demo path for every route of the table', () => {
    expect(routesWithoutScreen(screens)).toEqual([]);
  });

  it('in English: no serious or critical axe violation at 1366 and 360 px, and nothing wider than 360 px', async () => {
    const failures = await eachScreen(
      'en',
      () => true,
      async (session, screen, where) => {
        await resize(session.page, DESKTOP);
        const found = await opened(session, screen, 'en', where('1366 px'));
        found.push(...at(where('1366 px'), await axeFindings(session.page)));
        await resize(session.page, PHONE);
        found.push(...at(where('360 px'), await axeFindings(session.page)));
        const overflow = await overflowFinding(session.page);
        if (overflow) found.push({ ...overflow, where: where('360 px') });
        return found;
      },
    );
    expect(failures.length, report(failures)).toBe(0);
  }, 600_000);

  it.each(['de', 'fr'] as const)('in %s at 360 px: nothing wider than the viewport on any screen, no serious axe violation on the text-heavy ones', async (lang) => {
    const failures = await eachScreen(
      lang,
      () => true,
      async (session, screen, where) => {
        await resize(session.page, PHONE);
        const found = await opened(session, screen, lang, where('360 px'));
        if (screen.textHeavy) found.push(...at(where('360 px'), await axeFindings(session.page)));
        const overflow = await overflowFinding(session.page);
        if (overflow) found.push({ ...overflow, where: where('360 px') });
        return found;
      },
    );
    expect(failures.length, report(failures)).toBe(0);
  }, 600_000);
});
