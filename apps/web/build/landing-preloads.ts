import path from 'node:path';
import type { HtmlTagDescriptor, Plugin } from 'vite';

// What the landing page needs as soon as the HTML arrives (decision record 052): the landing screen's chunk (the
// router would ask for it only after the entry ran) and the font of its largest text. Vite preloads the entry's own
// imports already; these are the next hop, fetched in parallel with it.

interface OutputChunkLike {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  isEntry: boolean;
}
interface OutputAssetLike {
  type: 'asset';
  fileName: string;
  originalFileNames?: readonly string[];
  names?: readonly string[];
}
type BundleLike = Record<string, OutputChunkLike | OutputAssetLike | { type: string; fileName: string }>;

/** The tags for `modules` (source paths relative to `root`) and the fonts whose file name ends with one of `fonts`. */
export function landingPreloadTags(bundle: BundleLike, root: string, modules: readonly string[], fonts: readonly string[], base = '/'): HtmlTagDescriptor[] {
  const chunks = Object.values(bundle).filter((item): item is OutputChunkLike => item.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry);
  // Already in the page: the entry and what Vite preloads for it.
  const present = new Set<string>(entry ? [entry.fileName, ...entry.imports] : []);
  const files: string[] = [];
  const add = (fileName: string) => {
    if (present.has(fileName)) return;
    present.add(fileName);
    files.push(fileName);
    const chunk = chunks.find((candidate) => candidate.fileName === fileName);
    for (const imported of chunk?.imports ?? []) add(imported);
  };
  for (const module of modules) {
    const chunk = chunks.find((candidate) => candidate.facadeModuleId === path.resolve(root, module));
    if (!chunk) throw new Error(`landing preloads: no chunk for ${module}`);
    add(chunk.fileName);
  }
  const tags: HtmlTagDescriptor[] = files.map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `${base}${file}` }, injectTo: 'head' }));
  for (const font of fonts) {
    const asset = Object.values(bundle).find(
      (item): item is OutputAssetLike => item.type === 'asset' && [...((item as OutputAssetLike).originalFileNames ?? []), ...((item as OutputAssetLike).names ?? [])].some((name) => name.endsWith(font)),
    );
    if (!asset) throw new Error(`landing preloads: no asset for the font ${font}`);
    tags.push({ tag: 'link', attrs: { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: '', href: `${base}${asset.fileName}` }, injectTo: 'head' });
  }
  return tags;
}

export function landingPreloadsPlugin(options: { modules: readonly string[]; fonts: readonly string[] }): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'velora-landing-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return [];
        return landingPreloadTags(context.bundle as BundleLike, root, options.modules, options.fonts, base);
      },
    },
  };
}
