import { readdirSync, readFileSync } from 'node:fs';

// Processes, from /proc (Linux): what a test needs to tell whether a server's children are the same processes from
// first to last and whether any outlives it (decision record 060).

export function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after its last ')'.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

export function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

/** The process's start time (clock ticks since boot): with the pid, it names one process, whatever reuses the pid later. */
export function startOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** Whether that very process (`identity` from processesUnder) still runs: not a zombie, and its pid not reused. */
export function isRunning(pid: number, identity: string): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z' && identity.startsWith(`${startOf(pid)} `);
  } catch {
    return false;
  }
}

/** Every process below `root` (children, their children, …), with its start time and command line. */
export function processesUnder(root: number): Map<number, string> {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = parentOf(Number(entry));
    if (parent !== null) parents.set(Number(entry), parent);
  }
  const found = new Map<number, string>();
  const queue = [root];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const [pid, ppid] of parents) {
      if (ppid !== parent || found.has(pid)) continue;
      found.set(pid, `${startOf(pid)} ${commandOf(pid)}`);
      queue.push(pid);
    }
  }
  return found;
}

