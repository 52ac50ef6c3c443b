import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REALTIME_PATH } from '@velora/shared';
import { setAccessToken } from '../storage';

/** A stand-in for a socket.io-client Socket: records what the module does and lets the test play the server. */
class FakeSocket {
  readonly listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  readonly anyListeners: ((event: string, ...args: unknown[]) => void)[] = [];
  active = true;
  disconnected = false;
  connectCalls = 0;
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
    for (const fn of this.anyListeners) fn(event, payload);
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
