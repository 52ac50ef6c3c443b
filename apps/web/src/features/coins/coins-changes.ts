// The member's coins changed here (a tip): whoever shows them from elsewhere (the profile in the header) is told, so
// this feature does not need to know where that is.

type Listener = () => void;
const listeners = new Set<Listener>();

export function notifyCoinsChanged(): void {
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever this feature changed the member's coins; returns the unsubscribe function. */
export function onCoinsChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
