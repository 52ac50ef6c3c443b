import { useSyncExternalStore } from 'react';

// A log-in link the page was opened with, waiting for its visitor to confirm "Log in as …?" (decision record 030):
// following someone else's link must never make a visitor that someone without their saying so (login CSRF).

/** The kinds of link: a mail's one-click `?hash=`, a sister domain's `?authToken=` hand-over code. */
export type LoginLinkKind = 'hash' | 'hand-over';

export interface LoginLink {
  kind: LoginLinkKind;
  /** The hash or the code, exactly as the URL carried it. */
  credential: string;
}

export interface PendingLogin extends LoginLink {
  /** Whose account the link logs into, as the server named it. */
  username: string;
}

let pending: PendingLogin | null = null;
const listeners = new Set<() => void>();

function publish(next: PendingLogin | null) {
  pending = next;
  for (const listener of listeners) listener();
}

/** Offers the visitor a log-in by this link (the confirmation dialog opens). */
export const offerLogin = (login: PendingLogin) => publish(login);
/** The visitor answered (or the link is spent): the dialog closes. */
export const clearPendingLogin = () => publish(null);
export const getPendingLogin = () => pending;

export function usePendingLogin(): PendingLogin | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getPendingLogin,
    getPendingLogin,
  );
}
