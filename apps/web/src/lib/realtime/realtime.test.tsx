import { act, cleanup as cleanupRender, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REALTIME_PATH, ROOM_CLIENT_EVENTS } from '@velora/shared';
import { setAccessToken } from '../storage';

/** A stand-in for a socket.io-client Socket: records what the module does and lets the test play the server. */
class FakeSocket {
  readonly listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  readonly anyListeners: ((event: string, ...args: unknown[]) => void)[] = [];
  active = true;
  disconnected = false;
  connectCalls = 0;
  recovered = false;
  /** Client events sent with an acknowledgement, answered by the test through `answer`. */
  readonly sent: { event: string; payload: unknown; timeoutMs: number; answer: (ack: unknown) => void; fail: () => void }[] = [];
  private ackTimeoutMs = 0;
  constructor(readonly options: { auth: (send: (data: object) => void) => void; path: string; transports: string[] }) {}

  on(event: string, fn: (...args: unknown[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), fn]);
    return this;
  }
  off() {
    this.listeners.clear();
    return this;
  }
  onAny(fn: (event: string, ...args: unknown[]) => void) {
    this.anyListeners.push(fn);
    return this;
  }
  offAny() {
    this.anyListeners.length = 0;
    return this;
  }
  disconnect() {
    this.disconnected = true;
    this.active = false;
    return this;
  }
  connect() {
    this.connectCalls += 1;
    this.active = true;
    return this;
  }
  timeout(ms: number) {
    this.ackTimeoutMs = ms;
    return this;
  }
  emitWithAck(event: string, payload: unknown) {
    return new Promise((resolve, reject) => {
      this.sent.push({ event, payload, timeoutMs: this.ackTimeoutMs, answer: resolve, fail: () => reject(new Error('operation has timed out')) });
    });
  }

  /** The token the handshake would carry now. */
  handshakeToken(): unknown {
    let sent: unknown;
    this.options.auth((data) => (sent = (data as { token: unknown }).token));
    return sent;
  }
  fire(event: string, ...args: unknown[]) {
    for (const fn of this.listeners.get(event) ?? []) fn(...args);
  }
  serverEmits(event: string, payload: unknown) {
    for (const fn of this.listeners.get(event) ?? []) fn(payload);
    for (const fn of this.anyListeners) fn(event, payload);
  }
  /** The client events sent so far, as [event, payload]. */
  sentEvents() {
    return this.sent.map(({ event, payload }) => [event, payload]);
  }
}

const sockets: FakeSocket[] = [];
vi.mock('socket.io-client', () => ({
  io: vi.fn((options: ConstructorParameters<typeof FakeSocket>[0]) => {
    const socket = new FakeSocket(options);
    sockets.push(socket);
    return socket;
  }),
}));

// Imported after the mock is declared (vi.mock is hoisted anyway); a fresh module per test keeps the singleton apart.
async function loadRealtime() {
  vi.resetModules();
  return import('./index');
}

const live = () => sockets.filter((s) => !s.disconnected);

beforeEach(() => {
  sockets.length = 0;
});
afterEach(() => {
  setAccessToken(null);
  vi.useRealTimers();
});

describe('the page connection (lib/realtime)', () => {
  it('opens no connection without a stored token', async () => {
    const realtime = await loadRealtime();
    const stop = realtime.realtimeConnection.on('x', () => undefined);
    realtime.refreshRealtimeConnection();
    expect(sockets).toHaveLength(0);
    stop();
  });

  it('opens one connection, on first need, carrying the token in its handshake', async () => {
    setAccessToken('tok-1');
    const realtime = await loadRealtime();
    realtime.refreshRealtimeConnection();
    expect(sockets).toHaveLength(0);

    const stopA = realtime.realtimeConnection.on('x', () => undefined);
    const stopB = realtime.realtimeConnection.on('y', () => undefined);
    realtime.refreshRealtimeConnection();

    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.options).toMatchObject({ path: REALTIME_PATH, transports: ['websocket'] });
    expect(sockets[0]!.handshakeToken()).toBe('tok-1');
    stopA();
    stopB();
  });

  it('reconnects with the token stored at that moment', async () => {
    setAccessToken('tok-1');
    const realtime = await loadRealtime();
    realtime.realtimeConnection.on('x', () => undefined);
    setAccessToken('tok-2');
    expect(sockets[0]!.handshakeToken()).toBe('tok-2');
  });

  it('closes on logout and opens again on the next login', async () => {
    setAccessToken('tok-1');
    const realtime = await loadRealtime();
    const heard: unknown[] = [];
    realtime.realtimeConnection.on('x', (payload) => heard.push(payload));
    sockets[0]!.fire('connect');
    expect(realtime.realtimeConnection.isConnected()).toBe(true);

    setAccessToken(null);
    realtime.refreshRealtimeConnection();
    expect(sockets[0]!.disconnected).toBe(true);
    expect(realtime.realtimeConnection.isConnected()).toBe(false);

    setAccessToken('tok-2');
    realtime.refreshRealtimeConnection();
    expect(live()).toHaveLength(1);
    expect(sockets[1]!.handshakeToken()).toBe('tok-2');
    // Subscriptions outlive the socket they started on.
    sockets[1]!.serverEmits('x', 'after login');
    expect(heard).toEqual(['after login']);
  });

  it('replaces the connection when another token is stored (a different log-in)', async () => {
    setAccessToken('tok-1');
    const realtime = await loadRealtime();
    realtime.realtimeConnection.on('x', () => undefined);
    realtime.refreshRealtimeConnection();
    expect(sockets).toHaveLength(1);

    setAccessToken('tok-2');
    realtime.refreshRealtimeConnection();
    expect(sockets).toHaveLength(2);
    expect(sockets[0]!.disconnected).toBe(true);
    expect(live()).toHaveLength(1);
  });

  it('stays away after the server ended a session, unless the token changed', async () => {
    setAccessToken('tok-1');
    const realtime = await loadRealtime();
    realtime.realtimeConnection.on('x', () => undefined);
    sockets[0]!.fire('connect');
    sockets[0]!.active = false;
    sockets[0]!.fire('disconnect', 'io server disconnect');
    expect(sockets).toHaveLength(1);

    realtime.refreshRealtimeConnection();
    expect(sockets).toHaveLength(1);

    setAccessToken('tok-2');
    sockets[0]!.fire('disconnect', 'io server disconnect');
    expect(live()).toHaveLength(1);
    expect(live()[0]!.handshakeToken()).toBe('tok-2');
  });

  it('retries later when refused for a reason other than the session, never for an unauthorized one', async () => {
    vi.useFakeTimers();
    setAccessToken('tok-1');
    const realtime = await loadRealtime();
    realtime.realtimeConnection.on('x', () => undefined);
    const socket = sockets[0]!;

    socket.active = false;
    socket.fire('connect_error', new Error('unauthorized'));
    vi.advanceTimersByTime(60_000);
    expect(socket.connectCalls).toBe(0);

    socket.fire('connect_error', new Error('unavailable'));
    vi.advanceTimersByTime(60_000);
    expect(socket.connectCalls).toBe(1);
  });
});

describe('useRealtimeEvent and useRealtimeConnected', () => {
  it('calls the handler for its event while mounted, with the latest handler, and unsubscribes on unmount', async () => {
    setAccessToken('tok-1');
    const { useRealtimeEvent } = await loadRealtime();
    const first = vi.fn();
    const second = vi.fn();
    function Listener({ onEvent }: { onEvent: (payload: unknown) => void }) {
      useRealtimeEvent('message:new', onEvent);
      return null;
    }

    const view = render(<Listener onEvent={first} />);
    expect(sockets).toHaveLength(1);
    act(() => sockets[0]!.serverEmits('message:new', { id: 1 }));
    act(() => sockets[0]!.serverEmits('messages:unread', { total: 3 }));
    expect(first).toHaveBeenCalledExactlyOnceWith({ id: 1 });

    view.rerender(<Listener onEvent={second} />);
    act(() => sockets[0]!.serverEmits('message:new', { id: 2 }));
    expect(second).toHaveBeenCalledExactlyOnceWith({ id: 2 });
    expect(first).toHaveBeenCalledTimes(1);

    view.unmount();
    act(() => sockets[0]!.serverEmits('message:new', { id: 3 }));
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenCalledTimes(1);
  });

  it('reports the connected state as it flips', async () => {
    setAccessToken('tok-1');
    const { useRealtimeConnected } = await loadRealtime();
    function Status() {
      return <p>{useRealtimeConnected() ? 'live' : 'polling'}</p>;
    }

    render(<Status />);
    expect(screen.getByText('polling')).toBeTruthy();
    act(() => sockets[0]!.fire('connect'));
    expect(screen.getByText('live')).toBeTruthy();
    act(() => sockets[0]!.fire('disconnect', 'transport close'));
    expect(screen.getByText('polling')).toBeTruthy();
  });

  it('stays disconnected for a visitor', async () => {
    const { useRealtimeConnected } = await loadRealtime();
    function Status() {
      return <p>{useRealtimeConnected() ? 'live' : 'polling'}</p>;
    }
    render(<Status />);
    expect(screen.getByText('polling')).toBeTruthy();
    expect(sockets).toHaveLength(0);
  });
});

const presence = (room: string, count: number, version: number) => ({ room, count, users: count, visitors: 0, members: [], version });
/** Answers the socket's pending `event` calls with `ack`, and lets the promises settle. */
async function answer(socket: FakeSocket, event: string, ack: unknown) {
  await act(async () => {
    for (const call of socket.sent.filter((c) => c.event === event)) call.answer(ack);
    await Promise.resolve();
  });
}

describe('useRealtimeRoom', () => {
  it('opens a connection for a visitor, joins once connected, and shows the presence it is answered with', async () => {
    const { useRealtimeRoom } = await loadRealtime();
    function Viewers() {
      const room = useRealtimeRoom('camera:1');
      return <p>{room.joined ? `${room.presence?.count} watching` : room.connected ? 'joining' : 'offline'}</p>;
    }

    render(<Viewers />);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.handshakeToken()).toBeUndefined();
    expect(screen.getByText('offline')).toBeTruthy();
    act(() => sockets[0]!.fire('connect'));
    expect(sockets[0]!.sentEvents()).toEqual([['room:join', { room: 'camera:1' }]]);
    expect(screen.getByText('joining')).toBeTruthy();

    await answer(sockets[0]!, 'room:join', { ok: true, presence: presence('camera:1', 3, 10) });
    expect(screen.getByText('3 watching')).toBeTruthy();

    act(() => sockets[0]!.serverEmits('room:presence', presence('camera:1', 4, 12)));
    expect(screen.getByText('4 watching')).toBeTruthy();
    // An update that crossed a newer one is dropped; another room's is not ours.
    act(() => sockets[0]!.serverEmits('room:presence', presence('camera:1', 2, 11)));
    act(() => sockets[0]!.serverEmits('room:presence', presence('camera:2', 9, 99)));
    expect(screen.getByText('4 watching')).toBeTruthy();
  });

  it('shares one membership between components, leaves when the last unmounts, and closes a visitor socket when idle', async () => {
    vi.useFakeTimers();
    const { useRealtimeRoom } = await loadRealtime();
    function Member() {
      useRealtimeRoom('playdate:5');
      return null;
    }
    const first = render(<Member />);
    const second = render(<Member />);
    act(() => sockets[0]!.fire('connect'));
    expect(sockets[0]!.sentEvents()).toEqual([['room:join', { room: 'playdate:5' }]]);
    await answer(sockets[0]!, 'room:join', { ok: true, presence: presence('playdate:5', 1, 1) });

    first.unmount();
    expect(sockets[0]!.sentEvents()).toHaveLength(1);
    second.unmount();
    expect(sockets[0]!.sentEvents()).toEqual([
      ['room:join', { room: 'playdate:5' }],
      ['room:leave', { room: 'playdate:5' }],
    ]);
    expect(sockets[0]!.disconnected).toBe(false);
    act(() => vi.advanceTimersByTime(5_000));
    expect(sockets[0]!.disconnected).toBe(true);
  });

  it('joins again after a reconnect that could not resume and asks for a resync; a resumed one needs neither', async () => {
    setAccessToken('tok-1');
    const { useRealtimeRoom } = await loadRealtime();
    const onResync = vi.fn();
    function Chat() {
      const room = useRealtimeRoom('camera:7', { onResync });
      return <p>{room.joined ? 'in' : 'out'}</p>;
    }
    render(<Chat />);
    const socket = sockets[0]!;
    expect(socket.handshakeToken()).toBe('tok-1');
    act(() => socket.fire('connect'));
    await answer(socket, 'room:join', { ok: true, presence: presence('camera:7', 1, 1) });
    expect(screen.getByText('in')).toBeTruthy();

    act(() => socket.fire('disconnect', 'transport close'));
    expect(screen.getByText('out')).toBeTruthy();
    socket.recovered = true;
    act(() => socket.fire('connect'));
    expect(screen.getByText('in')).toBeTruthy();
    expect(socket.sent).toHaveLength(1);

    act(() => socket.fire('disconnect', 'transport close'));
    socket.recovered = false;
    act(() => socket.fire('connect'));
    expect(socket.sentEvents()).toEqual([
      ['room:join', { room: 'camera:7' }],
      ['room:join', { room: 'camera:7' }],
    ]);
    expect(onResync).not.toHaveBeenCalled();
    await answer(socket, 'room:join', { ok: true, presence: presence('camera:7', 1, 2) });
    expect(onResync).toHaveBeenCalledOnce();
    expect(screen.getByText('in')).toBeTruthy();
  });

  it('shows why a join was refused, and why the server took the connection out', async () => {
    const { useRealtimeRoom } = await loadRealtime();
    function Room({ room }: { room: 'playdate:1' | 'camera:1' }) {
      const state = useRealtimeRoom(room);
      return <p>{state.error ? state.error.code : state.joined ? 'in' : 'out'}</p>;
    }
    render(<Room room="playdate:1" />);
    act(() => sockets[0]!.fire('connect'));
    await answer(sockets[0]!, 'room:join', { ok: false, error: { code: 'UNAUTHORIZED', message: 'Log in to enter this room' } });
    expect(screen.getByText('UNAUTHORIZED')).toBeTruthy();
    cleanupRender();

    render(<Room room="camera:1" />);
    act(() => sockets[0]!.fire('connect'));
    await answer(sockets[0]!, 'room:join', { ok: true, presence: presence('camera:1', 1, 1) });
    expect(screen.getByText('in')).toBeTruthy();
    act(() => sockets[0]!.serverEmits('room:left', { room: 'camera:1', code: 'FORBIDDEN', message: 'Your access ended' }));
    expect(screen.getByText('FORBIDDEN')).toBeTruthy();
  });

  it('moves the rooms to the logged-in connection when a token is stored', async () => {
    const { useRealtimeRoom, refreshRealtimeConnection } = await loadRealtime();
    function Room() {
      useRealtimeRoom('camera:3');
      return null;
    }
    render(<Room />);
    act(() => sockets[0]!.fire('connect'));
    setAccessToken('tok-9');
    act(() => refreshRealtimeConnection());
    expect(sockets[0]!.disconnected).toBe(true);
    expect(live()).toHaveLength(1);
    expect(live()[0]!.handshakeToken()).toBe('tok-9');
    act(() => live()[0]!.fire('connect'));
    expect(live()[0]!.sentEvents()).toEqual([['room:join', { room: 'camera:3' }]]);
  });
});

describe('emitWithAck', () => {
  it('answers OFFLINE while not connected, the acknowledgement once connected, TIMEOUT without one', async () => {
    setAccessToken('tok-1');
    const realtime = await loadRealtime();
    const join = ROOM_CLIENT_EVENTS.join;
    expect(await realtime.emitWithAck(join, { room: 'camera:1' })).toMatchObject({ ok: false, error: { code: 'OFFLINE' } });

    realtime.realtimeConnection.on('x', () => undefined);
    const socket = sockets[0]!;
    socket.fire('connect');
    const answered = realtime.emitWithAck(join, { room: 'camera:1' }, { timeoutMs: 1_234 });
    expect(socket.sent[0]).toMatchObject({ event: 'room:join', payload: { room: 'camera:1' }, timeoutMs: 1_234 });
    socket.sent[0]!.answer({ ok: true, presence: presence('camera:1', 1, 1) });
    const ack = await answered;
    expect(ack.ok && ack.presence.count).toBe(1);

    const timedOut = realtime.emitWithAck(join, { room: 'camera:2' });
    socket.sent[1]!.fail();
    expect(await timedOut).toMatchObject({ ok: false, error: { code: 'TIMEOUT' } });
  });
});
