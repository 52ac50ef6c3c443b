import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Logger, Plugin } from 'vite';

// The landing page's JavaScript budget (decision record 052): what a first-time visitor's browser downloads
// to show `/` (the entry chunk, every chunk it imports statically, and the chunks the landing route loads at its first
// render with their static imports), compressed as the server sends it. The build fails past the limit.

/**
 * The limit the build enforces, brotli as served: the measured size (104,698 bytes on 2026-11-27, Preact in place of
 * react-dom, decision record 059) and about 3 % to grow, a ratchet to lower as the landing shrinks. React Router,
 * i18next, TanStack Query and Preact alone are about 60 KB of it; the goal below is explained in bench/README.md.
 */
export const LANDING_JS_LIMIT_BYTES = 105 * 1024;

/** The goal for the landing page's JavaScript, printed beside the figure. */
export const LANDING_JS_GOAL_BYTES = 90 * 1024;

/**
 * The modules the landing route loads lazily at its first render, by their source path in Vite's manifest. A module
 * renamed or removed fails the build (so the budget never silently measures less than the page loads); the landing
 * benchmark (bench/landing.bench.ts) counts what the browser really fetched and is the check of this list.
 */
export const LANDING_FIRST_RENDER = ['src/app/screens/landing-screen.tsx'] as const;

/** One entry of Vite's build manifest (dist/.vite/manifest.json); only the fields the budget reads. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export interface BudgetFile {
  file: string;
  bytes: number;
}

export interface BudgetResult {
  /** Every JavaScript file counted, once, largest first. */
  files: BudgetFile[];
  bytes: number;
  limit: number;
  withinLimit: boolean;
  goal: number;
}

/**
 * The JavaScript files a first-time visitor downloads for the landing page: the HTML entry's chunk and static imports,
 * then each first-render module's chunk and static imports (never their dynamic imports: those load later, if ever).
 */
export function landingFiles(manifest: Manifest, firstRender: readonly string[], entry = 'index.html'): string[] {
  const missing = [entry, ...firstRender].filter((key) => !manifest[key]);
  if (missing.length > 0) throw new Error(`The landing budget names modules the build has not: ${missing.join(', ')} (see apps/web/build/landing-budget.ts).`);
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no entry ${key}, which another entry imports.`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [entry, ...firstRender]) visit(key);
  return [...files];
}

/** Adds up the sizes of the landing's files and compares them with the limit. */
export function landingBudget(
  manifest: Manifest,
  sizeOf: (file: string) => number,
  options: { firstRender?: readonly string[]; limit?: number; goal?: number } = {},
): BudgetResult {
  const limit = options.limit ?? LANDING_JS_LIMIT_BYTES;
  const goal = options.goal ?? LANDING_JS_GOAL_BYTES;
  const files = landingFiles(manifest, options.firstRender ?? LANDING_FIRST_RENDER)
    .map((file) => ({ file, bytes: sizeOf(file) }))
    .sort((a, b) => b.bytes - a.bytes);
  const bytes = files.reduce((sum, file) => sum + file.bytes, 0);
  return { files, bytes, limit, withinLimit: bytes <= limit, goal };
}

export function formatBudget(result: BudgetResult): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const lines = result.files.map((file) => `  ${String(file.bytes).padStart(7)} B  ${file.file}`);
  const verdict = result.withinLimit
    ? `Landing page JavaScript: ${result.bytes} bytes brotli (${kb(result.bytes)}), limit ${result.limit} bytes (${kb(result.limit)}).`
    : `Landing page JavaScript is ${result.bytes} bytes brotli (${kb(result.bytes)}), over the limit of ${result.limit} bytes (${kb(result.limit)}) by ${result.bytes - result.limit} bytes.`;
  const goal = result.bytes > result.goal ? [`  (the goal: ${result.goal} bytes, ${kb(result.goal)}; ${result.bytes - result.goal} bytes to go)`] : [];
  return [verdict, ...goal, ...lines].join('\n');
}

/**
 * The size of a built file as the server sends it: its brotli copy (the compression plugin writes one beside every
 * text asset over `threshold` bytes), else brotli at the plugin's settings, or the file itself when it is too small
 * to be compressed (then it goes out as it is).
 */
export function servedSize(outDir: string, file: string, threshold: number): number {
  const full = path.join(outDir, file);
  const precompressed = `${full}.br`;
  if (fs.existsSync(precompressed)) return fs.statSync(precompressed).size;
  const content = fs.readFileSync(full);
  if (content.length < threshold) return content.length;
  return zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } }).length;
}

/** Fails `vite build` when the landing page's JavaScript is over its budget; prints the figure either way. */
export function landingBudgetPlugin(options: { threshold: number; limit?: number }): Plugin {
  let outDir = 'dist';
  let manifestFile: string | null = null;
  let logger: Logger | null = null;
  return {
    name: 'velora-landing-budget',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      if (config.build.ssr) return;
      logger = config.logger;
      outDir = path.resolve(config.root, config.build.outDir);
      const manifest = config.build.manifest;
      manifestFile = manifest === false ? null : path.join(outDir, typeof manifest === 'string' ? manifest : '.vite/manifest.json');
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (!manifestFile) throw new Error('The landing budget reads the build manifest: set build.manifest in vite.config.ts.');
        const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
        const result = landingBudget(manifest, (file) => servedSize(outDir, file, options.threshold), options.limit ? { limit: options.limit } : {});
        const report = formatBudget(result);
        if (!result.withinLimit) throw new Error(`${report}\nSplit what the landing does not show into a lazy chunk (decision record 052).`);
        logger?.info(report);
      },
    },
  };
}
