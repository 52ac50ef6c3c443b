import { fork, spawn, spawnSync, type ChildProcess, type ForkOptions, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// Every process the server starts dies with it (decision record 060): the SFU, the live ffmpeg encoders and readers,
// transcodes, initdb. On Linux the kernel sees to it, even when the server is killed with SIGKILL: util-linux's
// `setpriv --pdeathsig KILL` sets PR_SET_PDEATHSIG and then execs the program (same pid). The signal fires when the
// *thread* that started the child ends; Node starts children from its main thread, which lives as long as the
// process (child-processes.test.ts checks it). Without setpriv (macOS, Alpine without util-linux) the children are
// killed when this process exits in any way Node sees (signals it handles, an uncaught error, process.exit); a
// SIGKILL there leaves them running.

const SETPRIV_CANDIDATES = ['/usr/bin/setpriv', '/bin/setpriv'];

let setprivFound: string | null | undefined;

/** util-linux setpriv with --pdeathsig (2.33 and later), or null where there is none. */
export function setprivPath(): string | null {
  if (setprivFound !== undefined) return setprivFound;
  setprivFound = null;
  if (process.platform !== 'linux') return null;
  const onPath = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean).map((dir) => path.join(dir, 'setpriv'));
  for (const candidate of new Set([...SETPRIV_CANDIDATES, ...onPath])) {
    if (!fs.existsSync(candidate)) continue;
    const help = spawnSync(candidate, ['--help'], { encoding: 'utf8', timeout: 5000 });
    if (help.status === 0 && help.stdout.includes('--pdeathsig')) {
      setprivFound = candidate;
      break;
    }
  }
  return setprivFound;
}

const running = new Set<ChildProcess>();
let exitHooked = false;

function track(child: ChildProcess): ChildProcess {
  running.add(child);
  child.once('exit', () => running.delete(child));
  child.once('error', () => running.delete(child));
  if (!exitHooked) {
    exitHooked = true;
    // The fallback where the kernel does not do it (and a belt to the braces where it does).
    process.once('exit', () => {
      for (const c of running) c.kill('SIGKILL');
    });
  }
  return child;
}

/** `spawn`, with the child dying with this process. */
export function spawnChild(command: string, args: readonly string[], options: SpawnOptions = {}): ChildProcess {
  const setpriv = setprivPath();
  return track(setpriv ? spawn(setpriv, ['--pdeathsig', 'KILL', '--', command, ...args], options) : spawn(command, args, options));
}

/** `fork` (a Node module with an IPC channel), with the child dying with this process. */
export function forkChild(modulePath: string, args: readonly string[], options: ForkOptions = {}): ChildProcess {
  const setpriv = setprivPath();
  if (!setpriv) return track(fork(modulePath, args, options));
  // fork runs `execPath ...execArgv modulePath ...args`: setpriv goes first and execs Node with the IPC channel's fd.
  const node = options.execPath ?? process.execPath;
  const execArgv = options.execArgv ?? process.execArgv;
  return track(fork(modulePath, args, { ...options, execPath: setpriv, execArgv: ['--pdeathsig', 'KILL', '--', node, ...execArgv] }));
}

/** Runs a child to its end (stderr kept for the error); rejects when it fails, times out or cannot start. */
export function runChild(command: string, args: readonly string[], options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawnChild(command, args, { env: options.env, timeout: options.timeoutMs, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (d: string) => {
      stderr = (stderr + d).slice(-4000);
    });
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(command)} ${args.join(' ')} failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`));
    });
  });
}
