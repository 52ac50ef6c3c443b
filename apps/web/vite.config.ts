import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { BACKOFFICE_ENDPOINTS } from '../../packages/shared/src/endpoints/backoffice-all';
import { SITE_ENDPOINTS } from '../../packages/shared/src/endpoints/site';
import { LANDING_FIRST_RENDER, landingBudgetPlugin } from './build/landing-budget';
import { landingPreloadsPlugin } from './build/landing-preloads';
import { landingShellPlugin } from './build/landing-shell';
import { pureContractsPlugin } from './build/pure-contracts';
import { slimEndpointTablePlugin } from './build/slim-endpoint-table';
import { thirdPartySources } from './src/lib/third-party-sources';
import { FIRST_PAGE_NAMESPACES } from './src/locales/namespaces';

const src = (file: string) => path.resolve(import.meta.dirname, file);

/**
 * `locales/de/videos.ts` → chunk `locale-de-videos`; anything else is left to Rollup. English's first-page namespaces
 * stay in the entry chunk, which imports them.
 */
function localeChunk(id: string): string | undefined {
  const match = /\/src\/locales\/(en|de|fr)\/([a-z]+)\.ts$/.exec(id);
  if (!match || (match[1] === 'en' && (FIRST_PAGE_NAMESPACES as readonly string[]).includes(match[2] as string))) return undefined;
  return `locale-${match[1]}-${match[2]}`;
}

/** Text assets from this size up get brotli and gzip copies (smaller ones go out as they are). */
const COMPRESSION_THRESHOLD = 1024;

/**
 * Writes csp-sources.json beside index.html: the third-party sources this build's VITE_* settings turn on, which the
 * server's Content-Security-Policy allows and nothing more (decision 028). The name is the server's CSP_SOURCES_FILE.
 */
function cspSources(): Plugin {
  let env: Record<string, unknown> = {};
  return {
    name: 'velora-csp-sources',
    apply: 'build',
    configResolved(config) {
      env = config.env;
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'csp-sources.json', source: `${JSON.stringify(thirdPartySources(env), null, 2)}\n` });
    },
  };
}

/**
 * In the browser build React is Preact with its React layer (decision record 059): the same components and hooks, and
 * about 9.5 KB of runtime on the wire (brotli) instead of react-dom's 61. Tests, the dev server and the landing shell's
 * pre-render keep React itself.
 */
const PREACT_IN_PLACE_OF_REACT = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
];

export default defineConfig(({ command }) => ({
  // Brotli and gzip copies of every text asset, written once at build time: the server picks one by Accept-Encoding
  // and never compresses a static file per request.
  plugins: [
    react(),
    cspSources(),
    // The browser needs the endpoint table's methods and paths, not its schemas (decision record 052).
    slimEndpointTablePlugin([
      { file: path.resolve(import.meta.dirname, '../../packages/shared/src/endpoints/index.ts'), tables: { SITE_ENDPOINTS }, withHelpers: true },
      { file: path.resolve(import.meta.dirname, '../../packages/shared/src/endpoints/backoffice-all.ts'), tables: { BACKOFFICE_ENDPOINTS }, withHelpers: false },
    ]),
    // The landing screen's chunk and its heading's font start loading with the HTML.
    landingPreloadsPlugin({ modules: LANDING_FIRST_RENDER, fonts: ['fraunces-latin-wght-normal.woff2'] }),
    // The landing page pre-rendered into index.html: its largest paint needs the HTML and the CSS, not the app (055).
    landingShellPlugin({
      renderModule: src('src/app/landing-shell/render-landing-shell.tsx'),
      stateScript: src('src/app/landing-shell/show-landing-shell.ts'),
      alias: { '@': src('src') },
    }),
    // A constant of a contract module no longer brings every schema of it, and Zod, into the page.
    pureContractsPlugin(/\/packages\/shared\/src\/contracts\/[^/]+\.ts$/),
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: COMPRESSION_THRESHOLD, logLevel: 'silent' }),
    // Fails the build when the landing page's JavaScript grows past its budget (decision record 052).
    landingBudgetPlugin({ threshold: COMPRESSION_THRESHOLD }),
  ],
  resolve: {
    alias: [{ find: '@', replacement: path.resolve(import.meta.dirname, 'src') }, ...(command === 'build' ? PREACT_IN_PLACE_OF_REACT : [])],
  },
  server: {
    port: 5173,
    allowedHosts: true,
    // '/socket.io' is REALTIME_PATH of @velora/shared (not importable from the config, which Node loads untranspiled).
    proxy: {
      '/api': 'http://localhost:8080',
      '/media': 'http://localhost:8080',
      '/socket.io': { target: 'http://localhost:8080', ws: true },
    },
  },
  // The manifest is what the landing budget reads: which chunks the entry and the landing route load.
  build: {
    outDir: 'dist',
    // Written for the developers' tools but not referenced from the bundles; the server never serves them (decision 064).
    sourcemap: 'hidden',
    manifest: true,
    // Tiny chunks (a helper two screens share) cost a request and a kilobyte of headers each: merged where safe. Not
    // above 2 KB: rollup may merge a small chunk into the first one (it is loaded by every screen), and at 4 KB it put
    // helpers of the back office and the catalog into every visitor's landing page (decision record 052).
    // Each namespace of each language stays a chunk of its own (decision 066): merged into a shared chunk, a small one
    // would ride along with code every page loads, German and French included.
    rollupOptions: { output: { experimentalMinChunkSize: 2048, manualChunks: localeChunk } },
  },
}));
