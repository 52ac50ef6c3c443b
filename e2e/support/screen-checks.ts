import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { getJson, loginToken } from './api';
import { markSitePopupsOffered } from './quiet-popups';
import type { Lang, Screen, Viewer } from './screens';
import { VIEWER_ACCOUNTS, pathOf } from './screens';

// What the every-screen test does on a page: open it the way the app does (client-side, once the app is up),
// wait until it has settled, run axe-core, and measure sideways overflow, naming the element that causes it.

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const DESKTOP = { width: 1366, height: 900 } as const;
export const PHONE = { width: 360, height: 780 } as const;

/** Requests that never settle by design (the realtime channel, media segments) do not hold a screen's readiness. */
const LONG_LIVED = /\/socket\.io\/|\/media\/hls\/|\/live\/|\.m3u8|\.m4s|\.ts(\?|$)/;
const SETTLING_TYPES = new Set(['fetch', 'xhr', 'script', 'stylesheet', 'font']);

export interface ViewerSession {
  viewer: Viewer;
  context: BrowserContext;
  page: Page;
  token: string | null;
  userId: number | null;
  /** Whether the app has been loaded in this page (later screens are opened client-side). */
  loaded: boolean;
  pending: Set<string>;
}

/**
 * A browser context for one viewer: logged in by its token (the cookie and the local-storage entry the app
 * reads), and with the answers to the popups that would otherwise open by themselves already stored.
 */
export async function openViewer(browser: Browser, baseUrl: string, viewer: Viewer): Promise<ViewerSession> {
  const context = await browser.newContext({ locale: 'en-US', viewport: DESKTOP, reducedMotion: 'reduce' });
  const token = viewer === 'visitor' ? null : await loginToken(baseUrl, VIEWER_ACCOUNTS[viewer]);
  const userId = token ? (await getJson<{ id: number }>(baseUrl, '/user/profile', token)).id : null;
  const cookies = [
    // features/compliance/consent-storage.ts: an answer exists, and it chose necessary cookies only.
    { name: 'cookie_consent', value: encodeURIComponent(JSON.stringify({ analytics: false, marketing: false })), url: baseUrl },
  ];
  if (token) cookies.push({ name: 'access_token', value: encodeURIComponent(JSON.stringify(token)), url: baseUrl });
  await context.addCookies(cookies);
  // The functions handed to the page are compiled with esbuild's keepNames (tsx, vitest), which calls __name.
  await context.addInitScript('window.__name = window.__name || ((fn) => fn);');
  await context.addInitScript(
    ({ token }) => {
      const set = (storage: Storage, key: string, value: string) => {
        if (storage.getItem(key) === null) storage.setItem(key, value);
      };
      // lib/storage (STORAGE_KEYS): the cookie answer and the age gate are given.
      set(localStorage, 'approved_cookies', 'true');
      set(localStorage, 'approved_age', 'true');
      if (token) set(localStorage, 'access_token', JSON.stringify(token));
    },
    { token },
  );
  if (userId !== null) await markSitePopupsOffered(context, userId);
  const page = await context.newPage();
  const pending = new Set<string>();
  const key = (r: { url(): string; method(): string }) => `${r.method()} ${r.url()}`;
  page.on('request', (r) => {
    // Scripts and styles too: a lazily loaded screen renders before its stylesheet has arrived.
    if (SETTLING_TYPES.has(r.resourceType()) && !LONG_LIVED.test(r.url())) pending.add(key(r));
  });
  page.on('requestfinished', (r) => pending.delete(key(r)));
  page.on('requestfailed', (r) => pending.delete(key(r)));
  return { viewer, context, page, token, userId, loaded: false, pending };
}

/** Chooses the language the way the app keeps it: stored in the browser, and for a member on the profile. */
export async function useLanguage(baseUrl: string, session: ViewerSession, lang: Lang): Promise<void> {
  if (session.token) {
    const res = await fetch(`${baseUrl}/api/user/lang`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
      body: JSON.stringify({ lang }),
    });
    if (!res.ok) throw new Error(`POST /user/lang ${lang}: ${res.status}`);
  }
  await session.context.addInitScript((l) => localStorage.setItem('language', JSON.stringify(l)), lang);
  // The next screen is opened with a full load, which reads the language again.
  session.loaded = false;
}

/** Opens a screen: a full load the first time, then client-side (the router follows history like a link). */
export async function openScreen(baseUrl: string, session: ViewerSession, screen: Screen, lang: Lang): Promise<void> {
  const { page } = session;
  const path = pathOf(screen, lang);
  if (!session.loaded) {
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
    session.loaded = true;
  } else {
    await page.evaluate(
      ({ path, key }) => {
        const state = window.history.state as { idx?: number } | null;
        window.history.pushState({ usr: null, key, idx: (state?.idx ?? 0) + 1 }, '', path);
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      },
      { path, key: randomUUID().slice(0, 8) },
    );
  }
  await settle(session, screen, path);
}

/** Waits until the route has settled: the loading states are gone and no API call is under way for a moment. */
export async function settle(session: ViewerSession, screen: Screen, path = screen.path): Promise<void> {
  const { page, pending } = session;
  const expected = new URL(path, 'http://x');
  const landsOn = screen.landsOn ?? ((u: URL) => u.pathname === expected.pathname);
  const deadline = Date.now() + 15_000;
  let quietSince = 0;
  for (;;) {
    const state = await page.evaluate(() => ({
      href: location.href,
      // A page that failed to start (a stale build, a crash) has no <main>: never "settled".
      loading: document.querySelector('[data-testid="global-loading"]') !== null || document.querySelector('main') === null,
      skeletons: [...document.querySelectorAll('.skeleton')].some((el) => (el as HTMLElement).offsetParent !== null),
      unstyled: [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some((link) => link.sheet === null),
    }));
    const ready = landsOn(new URL(state.href)) && !state.loading && !state.skeletons && !state.unstyled && pending.size === 0;
    if (ready) {
      quietSince ||= Date.now();
      if (Date.now() - quietSince >= 250) break;
    } else quietSince = 0;
    if (Date.now() > deadline) {
      throw new Error(
        `${screen.name} (${path}) did not settle: at ${state.href}, loading ${state.loading}, skeletons ${state.skeletons}, unstyled ${state.unstyled}, pending ${[...pending].join(', ') || 'none'}`,
      );
    }
    await page.waitForTimeout(50);
  }
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

export async function resize(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

export interface Finding {
  /** Inside the site header (rebuilt separately): named so a failure says whose it is. */
  header: boolean;
  text: string;
}

interface AxeNode {
  target: string[];
  html: string;
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/** axe-core on the page as it is now: the rules violated with impact serious or critical, one finding per rule. */
export async function axeFindings(page: Page): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async () => {
    // The site header, not a <header> of the page body (a card's or a profile's).
    const siteHeaderOf = (el: Element) => el.closest('main') === null && el.closest('header, .site-header') !== null;
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const { violations } = await axe.run(document, {
      resultTypes: ['violations'],
      // Off by default in axe 4 (experimental), on here: a visible label that is not in the accessible name
      // breaks speech control (WCAG 2.5.3), as the tag chips of /videos did.
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => {
        const nodes = v.nodes.map((n) => {
          const el = document.querySelector(n.target.join(' '));
          return { header: el !== null && siteHeaderOf(el), target: n.target.join(' '), summary: (n.failureSummary ?? '').replace(/\s+/g, ' ') };
        });
        return { rule: v.id, impact: v.impact, help: v.help, nodes };
      });
  });
  return found.map((v) => {
    const header = v.nodes.every((n) => n.header);
    const targets = v.nodes
      .slice(0, 3)
      .map((n) => `${n.target}${n.header ? ' [site header]' : ''}`)
      .join(', ');
    const more = v.nodes.length > 3 ? ` and ${v.nodes.length - 3} more` : '';
    const why = v.nodes[0]?.summary.slice(0, 200) ?? '';
    return { header, text: `axe ${v.rule} (${v.impact}, ${v.help}) on ${v.nodes.length} element(s): ${targets}${more}. ${why}` };
  });
}

/** Null when nothing is wider than the viewport; else the widths and the outermost elements that stick out. */
export async function overflowFinding(page: Page): Promise<Finding | null> {
  return page.evaluate(() => {
    const vw = window.innerWidth;
    const sw = document.documentElement.scrollWidth;
    if (sw <= vw) return null;
    const describe = (el: Element): string => {
      const parts: string[] = [];
      for (let e: Element | null = el; e && e !== document.body && parts.length < 4; e = e.parentElement) {
        const testId = e.getAttribute('data-testid');
        const cls = [...e.classList].slice(0, 2).map((c) => `.${c}`).join('');
        parts.unshift(`${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${cls}${testId ? `[data-testid=${testId}]` : ''}`);
      }
      return parts.join(' > ');
    };
    // Whether the document cannot scroll to the element: it is fixed, or a box that clips it ends inside the
    // viewport. An absolutely positioned element escapes the clipping of the boxes between it and its
    // containing block (a visually-hidden text inside a scrolling row does).
    const clippedOrFixed = (el: Element): boolean => {
      const own = getComputedStyle(el).position;
      if (own === 'fixed') return true;
      let escapes = own === 'absolute';
      for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.position === 'fixed') return true;
        const containingBlock = style.position !== 'static';
        if ((!escapes || containingBlock) && style.overflowX !== 'visible' && a.getBoundingClientRect().right <= vw + 0.5) return true;
        if (escapes && containingBlock) escapes = style.position === 'absolute';
      }
      return false;
    };
    const sticking = [...document.body.querySelectorAll('*')].filter((el) => {
      const r = el.getBoundingClientRect();
      return (r.width > 0 || r.height > 0) && r.right > vw + 0.5 && !clippedOrFixed(el);
    });
    const siteHeaderOf = (el: Element) => el.closest('main') === null && el.closest('header, .site-header') !== null;
    const outermost = sticking.filter((el) => !sticking.includes(el.parentElement as Element));
    outermost.sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right);
    // The page's own offenders first (widest first), then at most one of the site header's.
    const inPage = outermost.filter((el) => !siteHeaderOf(el));
    const inHeader = outermost.filter(siteHeaderOf);
    const list = [...inPage.slice(0, 3), ...inHeader.slice(0, 1)]
      .map((el) => {
        const r = el.getBoundingClientRect();
        const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
        return `${describe(el)} (right edge ${Math.round(r.right)} px, ${Math.round(r.width)} px wide${text ? `, "${text}"` : ''})${siteHeaderOf(el) ? ' [site header]' : ''}`;
      })
      .join('; ');
    return {
      header: inHeader.length > 0 && inPage.length === 0,
      text: `scrollWidth ${sw} > innerWidth ${vw}: ${list || 'no element found (a pseudo-element or a transform?)'}`,
    };
  });
}

/** Dialogs on the page that the screen did not ask for (a popup that opened by itself). */
export async function openDialogs(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[role="dialog"], [role="alertdialog"], dialog[open]')]
      .filter((el) => (el as HTMLElement).offsetParent !== null || getComputedStyle(el).position === 'fixed')
      .map((el) => el.getAttribute('aria-label') ?? document.getElementById(el.getAttribute('aria-labelledby') ?? '')?.textContent ?? el.className),
  );
}
