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

  it('waits for a painted frame on a visible page, not on a hidden one', async () => {
    const frames: FrameRequestCallback[] = [];
    const win = { requestAnimationFrame: (callback: FrameRequestCallback) => frames.push(callback), setTimeout: (fn: () => void) => fn() } as unknown as Window;
    const done = vi.fn();
    const visible = afterFirstPaint(win, { visibilityState: 'visible' }).then(done);
    await Promise.resolve();
    expect(done).not.toHaveBeenCalled();
    frames[0]?.(0);
    await visible;
    expect(done).toHaveBeenCalled();
    await expect(afterFirstPaint(win, { visibilityState: 'hidden' })).resolves.toBeUndefined();
  });
});
