import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import {
  REALTIME_ERROR_CODES,
  REALTIME_PATH,
  REALTIME_ROOM_EVENTS,
  ROOM_CLIENT_EVENTS,
  type ClientEventContract,
  type ClientEventPayload,
  type ClientEventResult,
  type RealtimeAck,
  type RealtimeErrorBody,
  type RoomLeftEvent,
  type RoomName,
  type RoomPresence,
} from '@velora/shared';

/** The message the server refuses a connection with when the token is missing, unknown or revoked. */
export const REALTIME_UNAUTHORIZED = 'unauthorized';
/** After a refusal for another reason (the server could not check the session), try again this much later. */
export const REALTIME_RETRY_AFTER_REFUSAL_MS = 15_000;
/** How long an acknowledgement may take before emitWithAck answers TIMEOUT. */
export const REALTIME_ACK_TIMEOUT_MS = 10_000;
/** A visitor's socket, opened only for rooms, closes this long after the last room is left (not on a re-render). */
export const REALTIME_IDLE_CLOSE_MS = 2_000;

/** A room as the page sees it. */
export interface RealtimeRoomState {
  /** In the room on the server now. */
  joined: boolean;
  /** Who is in it (the last known; null before the first join). */
  presence: RoomPresence | null;
  /** Why the last join failed (or why the server took the connection out); null while fine. */
  error: RealtimeErrorBody | null;
}
export const IDLE_ROOM_STATE: RealtimeRoomState = Object.freeze({ joined: false, presence: null, error: null });

export interface RoomSubscription {
  /**
   * Called when the room was joined again on a new connection rather than resumed: events sent meanwhile were
   * missed, so refetch what the page shows.
   */
  onResync?: () => void;
}

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
  /**
   * Be in `room` until the returned function is called (several callers share one membership). Opens the connection,
   * for a visitor too; joins again on every new connection, and resumes with the connection otherwise.
   */
  joinRoom(room: RoomName, subscription?: RoomSubscription): () => void;
  /** The room's state; the same object until it changes. */
  roomState(room: RoomName): RealtimeRoomState;
  /** Notified whenever roomState(room) changes. Returns the unsubscribe. */
  subscribeRoom(room: RoomName, listener: () => void): () => void;
  /** Sends a client event and resolves with its acknowledgement (OFFLINE when not connected, TIMEOUT without answer). */
  emitWithAck<C extends ClientEventContract>(contract: C, payload: ClientEventPayload<C>, options?: { timeoutMs?: number }): Promise<RealtimeAck<ClientEventResult<C>>>;
}

interface RoomEntry {
  subscriptions: Set<RoomSubscription>;
  state: RealtimeRoomState;
  /** Joined on some connection before: joining on a new one means events were missed. */
  everJoined: boolean;
}

const localError = (code: string, message: string): { ok: false; error: RealtimeErrorBody } => ({ ok: false, error: { code, message } });

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
  let idleClose: unknown = null;
  const rooms = new Map<RoomName, RoomEntry>();
  /** Kept apart from the memberships: a component may watch a room before its join runs. */
  const roomListeners = new Map<RoomName, Set<() => void>>();

  function notifyRoom(room: RoomName) {
    for (const listener of [...(roomListeners.get(room) ?? [])]) listener();
  }

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

  function setRoomState(room: RoomName, state: Partial<RealtimeRoomState>) {
    const entry = rooms.get(room);
    if (!entry) return;
    entry.state = { ...entry.state, ...state };
    notifyRoom(room);
  }

  async function sendJoin(room: RoomName, resync: boolean) {
    const ack = await emitWithAck(ROOM_CLIENT_EVENTS.join, { room });
    const entry = rooms.get(room);
    if (!entry) {
      // Left while joining: leave on the server too.
      if (ack.ok) void emitWithAck(ROOM_CLIENT_EVENTS.leave, { room });
      return;
    }
    if (!ack.ok) {
      // OFFLINE: the connection went meanwhile; the next one joins again.
      if (ack.error.code !== REALTIME_ERROR_CODES.offline) setRoomState(room, { joined: false, error: ack.error });
      return;
    }
    entry.everJoined = true;
    setRoomState(room, { joined: true, presence: ack.presence, error: null });
    if (resync) for (const subscription of [...entry.subscriptions]) subscription.onResync?.();
  }

  function emitWithAck<C extends ClientEventContract>(
    contract: C,
    payload: ClientEventPayload<C>,
    ackOptions: { timeoutMs?: number } = {},
  ): Promise<RealtimeAck<ClientEventResult<C>>> {
    if (!socket || !connected) return Promise.resolve(localError(REALTIME_ERROR_CODES.offline, 'Not connected'));
    return (socket.timeout(ackOptions.timeoutMs ?? REALTIME_ACK_TIMEOUT_MS).emitWithAck(contract.name, payload) as Promise<RealtimeAck<ClientEventResult<C>>>).catch(
      () => localError(REALTIME_ERROR_CODES.timeout, 'No answer from the server'),
    );
  }

  function onConnected(created: Socket) {
    setConnected(true);
    // Resumed: the server put it back into its rooms and sent what was missed.
    if (created.recovered) {
      for (const room of rooms.keys()) setRoomState(room, { joined: true });
      return;
    }
    for (const [room, entry] of rooms) void sendJoin(room, entry.everJoined);
  }

  function open(token: string | null) {
    socketToken = token;
    const created = options.connect({
      path: REALTIME_PATH,
      // WebSocket only: long-polling would need sticky sessions across instances, and the features poll
      // the API themselves while the channel is down.
      transports: ['websocket'],
      forceNew: true,
      auth: (send) => {
        // Reconnects present the token stored now, not the one the socket opened with (none: a visitor).
        socketToken = options.getToken();
        send(socketToken ? { token: socketToken } : {});
      },
    });
    socket = created;
    created.on('connect', () => onConnected(created));
    created.on('disconnect', (reason) => {
      setConnected(false);
      for (const room of rooms.keys()) setRoomState(room, { joined: false });
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
    created.on(REALTIME_ROOM_EVENTS.presence, (presence: RoomPresence) => {
      const entry = rooms.get(presence.room as RoomName);
      // Updates may cross: an older one than shown is dropped.
      if (entry && (entry.state.presence === null || presence.version > entry.state.presence.version)) setRoomState(presence.room as RoomName, { presence });
    });
    created.on(REALTIME_ROOM_EVENTS.left, (left: RoomLeftEvent) => {
      setRoomState(left.room as RoomName, { joined: false, error: { code: left.code, message: left.message } });
    });
    created.onAny((event: string, payload: unknown) => {
      const forEvent = handlers.get(event);
      if (forEvent) for (const handler of [...forEvent]) handler(payload);
    });
  }

  function refresh() {
    const token = options.getToken();
    // A user's events need a log-in; rooms are open to visitors too (the server decides which).
    const needed = rooms.size > 0 || (token !== null && wanted);
    if (!needed) {
      close();
      return;
    }
    if (socket && token === socketToken) return;
    close();
    open(token);
  }

  function cancelIdleClose() {
    if (idleClose === null) return;
    cancel(idleClose);
    idleClose = null;
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
    emitWithAck,
    joinRoom(room, subscription = {}) {
      cancelIdleClose();
      let entry = rooms.get(room);
      const isNew = !entry;
      if (!entry) {
        entry = { subscriptions: new Set(), state: IDLE_ROOM_STATE, everJoined: false };
        rooms.set(room, entry);
      }
      const joined = entry;
      joined.subscriptions.add(subscription);
      if (isNew && socket && connected) void sendJoin(room, false);
      else refresh();
      return () => {
        joined.subscriptions.delete(subscription);
        if (joined.subscriptions.size > 0 || rooms.get(room) !== joined) return;
        rooms.delete(room);
        notifyRoom(room);
        if (socket && connected) void emitWithAck(ROOM_CLIENT_EVENTS.leave, { room });
        if (rooms.size === 0) {
          cancelIdleClose();
          idleClose = schedule(() => {
            idleClose = null;
            refresh();
          }, REALTIME_IDLE_CLOSE_MS);
        }
      };
    },
    roomState: (room) => rooms.get(room)?.state ?? IDLE_ROOM_STATE,
    subscribeRoom(room, listener) {
      const listeners = roomListeners.get(room) ?? new Set<() => void>();
      roomListeners.set(room, listeners);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && roomListeners.get(room) === listeners) roomListeners.delete(room);
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
