/**
 * Resolves once the browser has painted the page: a frame's animation callback runs just before its paint, a task
 * queued from it just after. A hidden tab paints nothing, so there it resolves at once.
 */
export function afterFirstPaint(win: Pick<Window, 'requestAnimationFrame' | 'setTimeout'>, doc: Pick<Document, 'visibilityState'>): Promise<void> {
  if (doc.visibilityState !== 'visible') return Promise.resolve();
  return new Promise((resolve) => win.requestAnimationFrame(() => win.setTimeout(resolve, 0)));
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
