import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import { REALTIME_PATH } from '@velora/shared';

/** The message the server refuses a connection with when the token is missing, unknown or revoked. */
export const REALTIME_UNAUTHORIZED = 'unauthorized';
/** After a refusal for another reason (the server could not check the session), try again this much later. */
export const REALTIME_RETRY_AFTER_REFUSAL_MS = 15_000;

export type RealtimeHandler<T = unknown> = (payload: T) => void;
type ConnectFn = (options: Partial<ManagerOptions & SocketOptions>) => Socket;

export interface RealtimeConnectionOptions {
  /** The stored access token, read at every (re)connect so a new one is picked up. */
  getToken: () => string | null;
  /** socket.io-client's `io` (tests pass a fake). Connects to this page's origin. */
  connect: ConnectFn;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

export interface RealtimeConnection {
  /** Follows the stored token: opens (once wanted), reopens for a new token, closes when it is gone. */
  refresh(): void;
  /** Hears `event` while subscribed; opens the connection if a token is stored. Returns the unsubscribe. */
  on<T = unknown>(event: string, handler: RealtimeHandler<T>): () => void;
  isConnected(): boolean;
  /** Notified whenever isConnected() flips; opens the connection if a token is stored. Returns the unsubscribe. */
  subscribeConnected(listener: () => void): () => void;
  /** Closes the socket; the next subscription or refresh opens it again if a token is stored. */
  close(): void;
}

/**
 * One Socket.IO connection for the page, authenticated by the access token in its handshake. It opens on
 * first need (a subscription) while a token is stored, and stays open until the token goes. While it is
 * down, features fall back to polling (useRealtimeConnected() tells them when).
 */
export function createRealtimeConnection(options: RealtimeConnectionOptions): RealtimeConnection {
  const schedule = options.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms));
  const cancel = options.clearTimeout ?? ((handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>));
  const handlers = new Map<string, Set<RealtimeHandler>>();
  const connectedListeners = new Set<() => void>();
  let wanted = false;
  let socket: Socket | null = null;
  /** The token the socket last authenticated with. */
  let socketToken: string | null = null;
  let connected = false;
  let retry: unknown = null;

  function setConnected(value: boolean) {
    if (connected === value) return;
    connected = value;
    for (const listener of [...connectedListeners]) listener();
  }

  function cancelRetry() {
    if (retry === null) return;
    cancel(retry);
    retry = null;
  }

  function close() {
    cancelRetry();
    if (socket) {
      const closing = socket;
      socket = null;
      socketToken = null;
      closing.off();
      closing.offAny();
      closing.disconnect();
    }
    setConnected(false);
  }

  function open(token: string) {
    socketToken = token;
    const created = options.connect({
      path: REALTIME_PATH,
      // WebSocket only: long-polling would need sticky sessions across instances, and the features poll
      // the API themselves while the channel is down.
      transports: ['websocket'],
      forceNew: true,
      auth: (send) => {
        // Reconnects present the token stored now, not the one the socket opened with.
        socketToken = options.getToken();
        send({ token: socketToken ?? '' });
      },
    });
    socket = created;
    created.on('connect', () => setConnected(true));
    created.on('disconnect', (reason) => {
      setConnected(false);
      // The server ended it (the session was revoked): stay away unless the token changed meanwhile.
      if (reason === 'io server disconnect' && options.getToken() !== socketToken) refresh();
    });
    created.on('connect_error', (error) => {
      // An active socket retries by itself (server unreachable). A refused one does not.
      if (created.active || socket !== created || error.message === REALTIME_UNAUTHORIZED) return;
      cancelRetry();
      retry = schedule(() => {
        retry = null;
        if (socket === created && !created.active) created.connect();
      }, REALTIME_RETRY_AFTER_REFUSAL_MS);
    });
    created.onAny((event: string, payload: unknown) => {
      const forEvent = handlers.get(event);
      if (forEvent) for (const handler of [...forEvent]) handler(payload);
    });
  }

  function refresh() {
    const token = options.getToken();
    if (!token) {
      close();
      return;
    }
    if (!wanted) return;
    if (socket && token === socketToken) return;
    close();
    open(token);
  }

  function want() {
    if (wanted) return;
    wanted = true;
    refresh();
  }

  return {
    refresh,
    close,
    isConnected: () => connected,
    on<T>(event: string, handler: RealtimeHandler<T>) {
      const forEvent = handlers.get(event) ?? new Set<RealtimeHandler>();
      handlers.set(event, forEvent);
      const entry = handler as RealtimeHandler;
      forEvent.add(entry);
      want();
      return () => {
        forEvent.delete(entry);
        if (forEvent.size === 0 && handlers.get(event) === forEvent) handlers.delete(event);
      };
    },
    subscribeConnected(listener) {
      connectedListeners.add(listener);
      want();
      return () => {
        connectedListeners.delete(listener);
      };
    },
  };
}
