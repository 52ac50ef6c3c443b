// `npm start`: builds the web app when its sources are newer than the build, bundles the server when its sources are
// newer than the bundle (decision record 056), then runs the server as plain JavaScript.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { prepareServerBundle, SERVER_NODE_FLAGS, serverEnv } from './server-process.mjs';

const root = path.resolve(import.meta.dirname, '..');
const distIndex = path.join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/shared/src'];

function newestMtime(p) {
  const stat = fs.statSync(p, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(p).reduce((max, name) => Math.max(max, newestMtime(path.join(p, name))), stat.mtimeMs);
}

const built = fs.statSync(distIndex, { throwIfNoEntry: false })?.mtimeMs ?? 0;
if (built < Math.max(...sources.map((s) => newestMtime(path.join(root, s))))) {
  console.log(built ? 'Web sources changed: rebuilding the web app…' : 'Building the web app (first start)…');
  const result = spawnSync('npm', ['run', 'build', '--workspace', '@velora/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const bundle = await prepareServerBundle();
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, bundle], { cwd: root, stdio: 'inherit', env: serverEnv() });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
