// Bundles the server's TypeScript (apps/server/src with packages/shared) into plain JavaScript for `npm start`
// (decision record 056). Running under tsx kept a loader thread of its own in the server (a second V8 heap, esbuild's
// service and the transformed sources): about 60 MB of resident memory that a bundle does not need. Packages from
// node_modules stay outside the bundle (native addons, their own files on disk); only our workspace sources go in.
//
// `node scripts/build-server.mjs` builds; scripts/start.mjs imports `serverBundleIsFresh` and `buildServer`.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
export const SERVER_OUT_DIR = path.join(root, 'apps/server/dist');
export const SERVER_BUNDLE = path.join(SERVER_OUT_DIR, 'server.mjs');
const SFU_SOURCE = path.join(root, 'apps/server/src/modules/live/sfu-process.ts');
const SFU_STARTER = path.join(root, 'apps/server/src/modules/live/embedded-media-server.ts');
/** Everything the bundle is made of: a change to any of them makes `npm start` build again. */
const SOURCES = ['apps/server/src', 'packages/shared/src', 'apps/server/package.json', 'package-lock.json', 'scripts/build-server.mjs'];

function newestMtime(p) {
  const stat = fs.statSync(p, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(p).reduce((max, name) => Math.max(max, newestMtime(path.join(p, name))), stat.mtimeMs);
}

export function serverBundleIsFresh() {
  const built = fs.statSync(SERVER_BUNDLE, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return built >= Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
}

/** Bare imports (`fastify`, `sharp`) load from node_modules at run time; relative ones and `@velora/*` are bundled. */
const packagesOutside = {
  name: 'packages-outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@velora/') ? undefined : { path: args.path, external: true }));
  },
};

/**
 * Each source file finds its neighbours on disk by `import.meta.url` (the migrations beside migrate.ts, the SFU's entry
 * beside the media server, the web build two folders up): in the bundle that URL would be the bundle's. Each use is
 * replaced by the source file's own URL, made relative to the bundle so a moved checkout still finds them.
 */
const sourceUrls = {
  name: 'source-urls',
  setup(b) {
    b.onLoad({ filter: /\.[cm]?ts$/ }, async (args) => {
      const contents = await fs.promises.readFile(args.path, 'utf8');
      if (!contents.includes('import.meta.url')) return { contents, loader: 'ts' };
      const relative = path.relative(SERVER_OUT_DIR, args.path).split(path.sep).join('/');
      const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
      return { contents: contents.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

export async function buildServer() {
  const started = Date.now();
  await build({
    // The SFU runs in a child process of its own (decision record 033), from a bundle of its own.
    entryPoints: { server: path.join(root, 'apps/server/src/server.ts'), 'sfu-process': SFU_SOURCE },
    outdir: SERVER_OUT_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Stack traces name the source files (`node --enable-source-maps`, as scripts/start.mjs runs it).
    sourcemap: 'linked',
    sourcesContent: false,
    plugins: [packagesOutside, sourceUrls],
    // embedded-media-server.ts forks this file instead of the SFU's TypeScript entry (which needs tsx).
    define: { __VELORA_SFU_BUNDLE__: JSON.stringify(path.relative(path.dirname(SFU_STARTER), path.join(SERVER_OUT_DIR, 'sfu-process.mjs')).split(path.sep).join('/')) },
    logLevel: 'warning',
  });
  return Date.now() - started;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ms = await buildServer();
  console.log(`Server bundled into ${path.relative(root, SERVER_BUNDLE)} in ${ms} ms`);
}
