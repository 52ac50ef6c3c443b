// Where the landing page's main-thread time goes after its first paint (decision record 059): a first-time
// visitor's load of `/` in headless Chromium with the CPU slowed 4x as Lighthouse's mobile run does, sampled by V8's
// profiler for 8 s, each sample mapped through the build's source maps to its module. Printed, never asserted.
//
// Serves apps/web/dist as it is (run `npm run build` first), on the embedded demo server with its own data folder.
// Usage: npm run bench:landing-profile [-- --port 8112 --rtmp-port 19362 --top 25]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { startDemoServer } from './support/demo-server';

const ROOT = path.resolve(import.meta.dirname, '..');
const ASSETS = path.join(ROOT, 'apps/web/dist/assets');
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8112' },
    'rtmp-port': { type: 'string', default: '19362' },
    top: { type: 'string', default: '25' },
  },
});
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const maps = new Map<string, SourceMapConsumer | null>();
/** The module a sample of a built script belongs to: `nm:<package>` for a dependency, the path under src/ for ours. */
function moduleOf(url: string, line: number, column: number): string {
  const file = path.join(ASSETS, url.replace(/.*\//, ''));
  if (!maps.has(file)) maps.set(file, fs.existsSync(`${file}.map`) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8'))) : null);
  const source = maps.get(file)?.originalPositionFor({ line: line + 1, column }).source;
  if (!source) return url.replace(/.*\//, '');
  return source.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, 'nm:$1').replace(/.*\/src\//, '');
}

const dataDir = `/tmp/velora-landing-profile-${process.pid}`;
const server = await startDemoServer({ port: Number(values.port), rtmpPort: values['rtmp-port'], dataDir, fresh: true, readyPath: '/showcase' });
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(`${server.url}/`);
  await page.waitForTimeout(8000);
  const { profile } = await cdp.send('Profiler.stop');

  const selfMs = new Map<number, number>();
  profile.samples?.forEach((id, index) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas?.[index] ?? 0) / 1000));
  const byModule = new Map<string, number>();
  for (const node of profile.nodes) {
    const ms = selfMs.get(node.id) ?? 0;
    const { url, functionName, lineNumber, columnNumber } = node.callFrame;
    if (!ms || functionName === '(idle)') continue;
    // "(program)" is the browser's own work outside JavaScript: style, layout, paint, parsing.
    const name = url.includes('/assets/') ? moduleOf(url, lineNumber, columnNumber) : url ? url.replace(/^https?:\/\/[^/]+/, '') || '/' : functionName;
    byModule.set(name, (byModule.get(name) ?? 0) + ms);
  }
  const rows = [...byModule].sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, ms]) => sum + ms, 0);
  console.log(`Main thread of / in 8 s at 4x CPU slowdown: ${total.toFixed(0)} ms busy`);
  for (const [name, ms] of rows.slice(0, Number(values.top))) console.log(`${ms.toFixed(0).padStart(7)} ms  ${name}`);
  const scripts = rows.filter(([name]) => name !== '(program)' && name !== '(garbage collector)').reduce((sum, [, ms]) => sum + ms, 0);
  console.log(`FIGURES ${JSON.stringify({ landing_busy_ms: Math.round(total), landing_script_ms: Math.round(scripts) })}`);
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
