import { createHash } from 'node:crypto';
import { build as esbuild } from 'esbuild';
import type { Plugin } from 'vite';
import { createServer } from 'vite';
import { withShell, withStateScript } from './landing-shell-html';

// The landing shell (decision record 055): the landing page rendered at build time into index.html, shown by a tiny
// script in <head> when the app's first render would look the same, so the largest paint needs the HTML and the CSS
// only. The app removes it when it renders (app/landing-shell/landing-shell.ts).

export interface LandingShellOptions {
  /** The module whose renderLandingShell() gives the shell's HTML (loaded through Vite's SSR). */
  renderModule: string;
  /** The classic script that picks the shell's state before the first paint. */
  stateScript: string;
  /** The app's alias for src/ ('@'). */
  alias: Record<string, string>;
}

/** The state script, bundled and minified as a classic script; the env is the app build's (the token's storage mode). */
export async function bundleStateScript(entry: string, alias: Record<string, string>, env: Record<string, unknown>): Promise<string> {
  const result = await esbuild({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    write: false,
    format: 'iife',
    target: 'es2020',
    alias,
    define: { 'import.meta.env': JSON.stringify({ PROD: env.PROD, MODE: env.MODE, DEV: env.DEV }) },
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error('landing shell: the state script built to nothing');
  return output.text;
}

export function landingShellPlugin(options: LandingShellOptions): Plugin {
  let root = process.cwd();
  let env: Record<string, unknown> = {};
  let script: { fileName: string; source: string } | null = null;
  return {
    name: 'velora-landing-shell',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      env = config.env;
    },
    async buildStart() {
      const source = await bundleStateScript(options.stateScript, options.alias, env);
      const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
      script = { fileName: `assets/landing-shell-${hash}.js`, source };
    },
    generateBundle() {
      if (script) this.emitFile({ type: 'asset', fileName: script.fileName, source: script.source });
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!script) throw new Error('landing shell: the state script was not built');
        // The components render as in the browser, through the app's own aliases and transforms (no CSS, no lazy parts).
        const server = await createServer({
          root,
          configFile: false,
          logLevel: 'error',
          resolve: { alias: options.alias },
          server: { middlewareMode: true, hmr: false, ws: false },
          appType: 'custom',
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        try {
          const module = (await server.ssrLoadModule(options.renderModule)) as { renderLandingShell: () => string };
          return withStateScript(withShell(html, module.renderLandingShell()), `/${script.fileName}`);
        } finally {
          await server.close();
        }
      },
    },
  };
}
