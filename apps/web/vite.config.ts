import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { thirdPartySources } from './src/lib/third-party-sources';

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

export default defineConfig({
  // Brotli and gzip copies of every text asset, written once at build time: the server picks one by Accept-Encoding
  // and never compresses a static file per request.
  plugins: [react(), cspSources(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' })],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
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
  build: { outDir: 'dist', sourcemap: true },
});
