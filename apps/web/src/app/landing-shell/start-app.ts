/** Past this the app starts even if no paint was reported (a browser without paint timing, a page that paints nothing). */
export const FIRST_PAINT_WAIT_LIMIT_MS = 3000;

type PaintClock = Pick<Window, 'setTimeout' | 'clearTimeout'> & { PerformanceObserver?: typeof PerformanceObserver };

/**
 * Resolves once the first contentful paint is on screen: the paint timing entry arrives when the frame has been
 * presented, not when the main thread drew it (on a slow device that can be hundreds of milliseconds apart). A hidden
 * tab paints nothing, so there it resolves at once.
 */
export function afterFirstPaint(win: PaintClock, doc: Pick<Document, 'visibilityState'>): Promise<void> {
  const Observer = win.PerformanceObserver;
  if (doc.visibilityState !== 'visible' || !Observer?.supportedEntryTypes?.includes('paint')) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new Observer((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    const timer = win.setTimeout(() => done(), FIRST_PAINT_WAIT_LIMIT_MS);
    function done() {
      observer.disconnect();
      win.clearTimeout(timer);
      resolve();
    }
    observer.observe({ type: 'paint', buffered: true });
  });
}

/** What the build took out of index.html for the state script to add: the app's entry and its preloads. */
export interface AppFiles {
  app: string;
  modules: readonly string[];
  fonts: readonly string[];
}

/** The files as the build wrote them into the state script's data attributes. */
export function appFilesOf(dataset: DOMStringMap): AppFiles | null {
  const list = (value: string | undefined) => (value ? value.split(' ').filter(Boolean) : []);
  return dataset.app ? { app: dataset.app, modules: list(dataset.modules), fonts: list(dataset.fonts) } : null;
}

/** Adds the preloads and the app's module script as Vite would have written them into index.html. */
export function startApp(doc: Document, { app, modules, fonts }: AppFiles): void {
  const link = (attrs: Record<string, string>) => {
    const element = doc.createElement('link');
    for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
    doc.head.append(element);
  };
  for (const href of fonts) link({ rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: '', href });
  for (const href of modules) link({ rel: 'modulepreload', crossorigin: '', href });
  const script = doc.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = app;
  doc.head.append(script);
}
