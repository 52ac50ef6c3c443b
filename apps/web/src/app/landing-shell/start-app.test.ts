import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, appFilesOf, startApp } from './start-app';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('starting the app from the state script', () => {
  it('reads the files the build wrote into the script’s data attributes', () => {
    expect(appFilesOf({ app: '/assets/index.js', modules: '/assets/a.js /assets/b.js', fonts: '/assets/f.woff2' })).toEqual({
      app: '/assets/index.js',
      modules: ['/assets/a.js', '/assets/b.js'],
      fonts: ['/assets/f.woff2'],
    });
    expect(appFilesOf({ app: '/assets/index.js' })).toEqual({ app: '/assets/index.js', modules: [], fonts: [] });
    expect(appFilesOf({})).toBeNull();
  });

  it('adds the preloads and the module script as Vite writes them', () => {
    startApp(document, { app: '/assets/index.js', modules: ['/assets/a.js'], fonts: ['/assets/f.woff2'] });
    const added = [...document.head.children].map((element) => element.outerHTML);
    expect(added).toEqual([
      '<link rel="preload" as="font" type="font/woff2" crossorigin="" href="/assets/f.woff2">',
      '<link rel="modulepreload" crossorigin="" href="/assets/a.js">',
      '<script type="module" crossorigin="" src="/assets/index.js"></script>',
    ]);
  });

  it('waits until the first contentful paint is on screen, or at most a few seconds; not at all in a hidden tab', async () => {
    let report: ((list: { getEntriesByName: (name: string) => unknown[] }) => void) | null = null;
    class FakeObserver {
      static supportedEntryTypes = ['paint'];
      constructor(callback: typeof report) {
        report = callback;
      }
      observe() {}
      disconnect() {}
    }
    const timers: (() => void)[] = [];
    const win = { PerformanceObserver: FakeObserver, setTimeout: (fn: () => void) => timers.push(fn), clearTimeout: () => undefined } as unknown as Window;
    const done = vi.fn();
    const painted = afterFirstPaint(win, { visibilityState: 'visible' }).then(done);
    report!({ getEntriesByName: () => [] });
    await Promise.resolve();
    expect(done).not.toHaveBeenCalled();
    report!({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) });
    await painted;
    expect(done).toHaveBeenCalled();

    const late = vi.fn();
    const waited = afterFirstPaint(win, { visibilityState: 'visible' }).then(late);
    timers.at(-1)?.();
    await waited;
    expect(late).toHaveBeenCalled();
    await expect(afterFirstPaint(win, { visibilityState: 'hidden' })).resolves.toBeUndefined();
  });
});
