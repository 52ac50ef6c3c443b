// What must happen while the member is still logged in, right before a logout (a live chat ends with code 101). The
// auth feature runs these; the features that need it register here, so neither imports the other.

type Task = () => Promise<unknown> | unknown;
const tasks = new Set<Task>();

/** A logout waits at most this long for the tasks: logging out must never hang on a slow call. */
export const BEFORE_LOGOUT_TIMEOUT_MS = 3_000;

/** Runs `task` before every logout while registered; returns the unregister function. */
export function beforeLogout(task: Task): () => void {
  tasks.add(task);
  return () => {
    tasks.delete(task);
  };
}

/** Runs every registered task (errors ignored) and settles once they did, or after BEFORE_LOGOUT_TIMEOUT_MS. */
export async function runBeforeLogout(): Promise<void> {
  if (tasks.size === 0) return;
  const all = Promise.allSettled([...tasks].map((task) => Promise.resolve().then(task)));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, BEFORE_LOGOUT_TIMEOUT_MS);
  });
  await Promise.race([all, timeout]);
  clearTimeout(timer);
}
