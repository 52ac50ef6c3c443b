import type { Browser, BrowserContext, Request } from 'playwright-core';

// No Vitest import here: the global setup loads start-server.ts, which registers its servers here.
// What a failed browser test leaves behind for the one who reads CI's log: where each open page was and what it
// showed, and what the servers of the file logged. A timeout alone ("waiting for …") says what was missing, not why.

const browsers = new Set<Browser>();
const serverLogs = new Map<string, () => string>();
/** The last answers of 400 and above, requests that failed and errors of each browser context: what went wrong. */
const refusals = new WeakMap<BrowserContext, string[]>();
/** Each context's requests under way, with when they started: a page that waits for ever waits on one of them. */
const underWay = new WeakMap<BrowserContext, Map<Request, number>>();

const clock = (ms: number) => new Date(ms).toISOString().slice(11, 23);

function recordRequests(context: BrowserContext): void {
  const seen: string[] = [];
  const pending = new Map<Request, number>();
  refusals.set(context, seen);
  underWay.set(context, pending);
  const keep = (line: string) => {
    seen.push(`${clock(Date.now())} ${line}`);
    if (seen.length > 20) seen.shift();
  };
  context.on('request', (request) => pending.set(request, Date.now()));
  context.on('requestfinished', (request) => pending.delete(request));
  context.on('response', (response) => {
    if (response.status() >= 400) keep(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  context.on('console', (message) => {
    if (message.type() === 'error') keep(`console.error ${message.text().slice(0, 200)}`);
  });
  context.on('weberror', (error) => keep(`uncaught ${error.error().message.slice(0, 200)}`));
  context.on('requestfailed', (request) => {
    pending.delete(request);
    keep(`failed ${request.method()} ${request.url()}: ${request.failure()?.errorText ?? ''}`);
  });
}

/** Called by launchBrowser and startServer: what a failure report looks at. */
export function watchBrowser(browser: Browser): void {
  browsers.add(browser);
  browser.once('disconnected', () => browsers.delete(browser));
  // Every context, also the one browser.newPage() makes, comes from newContext.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    recordRequests(context);
    return context;
  };
}

export function watchServer(url: string, logs: () => string): () => void {
  serverLogs.set(url, logs);
  return () => serverLogs.delete(url);
}

const oneLine = (text: string, max: number) => text.replace(/\s+/g, ' ').trim().slice(0, max);

async function describePages(): Promise<string[]> {
  const lines: string[] = [];
  for (const browser of browsers) {
    for (const context of browser.contexts()) {
      const refused = refusals.get(context) ?? [];
      if (refused.length > 0) lines.push(`- a context's refusals, failed requests and errors (last ${refused.length}):`, ...refused.map((line) => `  ${line.slice(0, 300)}`));
      // Long-lived by design (the realtime channel, media) or not, every request still open is named with its start.
      const open = [...(underWay.get(context) ?? new Map<Request, number>())].sort((a, b) => a[1] - b[1]).slice(0, 20);
      if (open.length > 0) lines.push(`- a context's requests under way (${open.length}):`, ...open.map(([r, at]) => `  since ${clock(at)} ${r.method()} ${r.url().slice(0, 240)}`));
      for (const page of context.pages()) {
        if (page.isClosed()) continue;
        const shown = await page
          .evaluate(() => ({
            title: document.title,
            state: document.readyState,
            // Shown ones only: index.html carries the landing shell's age gate, hidden unless the shell is up.
            dialogs: [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')]
              .filter((d) => d.checkVisibility())
              .map((d) => d.getAttribute('aria-label') ?? d.textContent?.slice(0, 60) ?? ''),
            text: document.body?.innerText ?? '',
          }))
          .catch((error: Error) => ({ title: '', state: '?', dialogs: [] as string[], text: `(could not read the page: ${error.message.split('\n')[0]})` }));
        lines.push(`- page ${page.url()} "${shown.title}" (${shown.state})${shown.dialogs.length ? `, dialogs: ${shown.dialogs.join(' | ')}` : ''}`, `  text: ${oneLine(shown.text, 600)}`);
      }
    }
  }
  return lines;
}

function describeServers(): string[] {
  return [...serverLogs].flatMap(([url, logs]) => {
    const tail = logs().trim().split('\n').filter(Boolean).slice(-30);
    if (tail.length === 0) return [`- server ${url}: nothing logged (warnings and errors are)`];
    return [`- server ${url}, last ${tail.length} log line(s):`, ...tail.map((line) => `  ${line.slice(0, 400)}`)];
  });
}

/** The report of a failed test: every open page and every running server of the file (report-failures.ts). */
export async function failureReport(testName: string): Promise<string> {
  return [`Failure report of "${testName}" at ${new Date().toISOString()}:`, ...(await describePages()), ...describeServers()].join('\n');
}
