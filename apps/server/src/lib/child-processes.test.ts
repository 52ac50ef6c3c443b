import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { setprivPath } from './child-processes';

// Children die with their parent (decision record 060), also when the parent is killed with SIGKILL and has no say:
// a real parent process (test/orphans-parent.ts) starts children through the helper, is killed, and /proc is read.

const PARENT = path.resolve(import.meta.dirname, '../../test/orphans-parent.ts');
const parents: ChildProcess[] = [];

afterEach(() => {
  for (const parent of parents.splice(0)) parent.kill('SIGKILL');
});

/** Whether a process is gone: no /proc entry, or a zombie nobody reaped yet (dead all the same). */
function gone(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

/** The parent's children's pids, once it says they run. */
async function startParent(mode: 'helper' | 'live'): Promise<{ parent: ChildProcess; children: number[] }> {
  const parent = spawn(process.execPath, ['--import', 'tsx', PARENT, mode], { stdio: ['ignore', 'pipe', 'inherit'] });
  parents.push(parent);
  const line = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: parent.stdout! }).once('line', resolve);
    parent.once('exit', (code) => reject(new Error(`the parent exited (${code}) before its children ran`)));
  });
  return { parent, children: (JSON.parse(line) as { children: number[] }).children };
}

async function untilGone(pids: number[], timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (pids.some((pid) => !gone(pid)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return pids.filter((pid) => !gone(pid));
}

describe('child processes started through the helper', () => {
  it('run under setpriv --pdeathsig on this machine (util-linux)', () => {
    expect(setprivPath()).toMatch(/setpriv$/);
  });

  it('outlive other threads of their parent, and die when the parent is killed with SIGKILL', async () => {
    const { parent, children } = await startParent('helper');
    expect(children).toHaveLength(2);
    // A worker thread and the libuv pool came and went in the parent: PDEATHSIG belongs to the thread that spawned.
    expect(children.filter(gone)).toEqual([]);
    parent.kill('SIGKILL');
    expect(await untilGone(children, 2000)).toEqual([]);
  });

  it('take the SFU and the demo-stream encoders down with a killed server', async () => {
    const { parent, children } = await startParent('live');
    expect(children).toHaveLength(3);
    expect(children.filter(gone)).toEqual([]);
    parent.kill('SIGKILL');
    expect(await untilGone(children, 2000)).toEqual([]);
  });
});
