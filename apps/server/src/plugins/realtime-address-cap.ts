import type { IncomingMessage } from 'node:http';

// At most so many realtime connections at once from one client address (decision record 064): one address opening
// hundreds holds that many sockets, timers and presence entries on every instance it reaches. A handshake over the cap
// gets Engine.IO's 403 with a message that says why; one connection closing makes room for the next.

export const TOO_MANY_CONNECTIONS = 'Too many realtime connections from this address: close one and try again';

/** The Engine.IO socket as the cap sees it: the request of its handshake, and its close. */
interface EngineSocket {
  request: IncomingMessage;
  once(event: 'close', listener: () => void): unknown;
}

export interface AddressCap {
  /** Engine.IO's allowRequest: called for each handshake (a request without a session id). */
  allowRequest(req: IncomingMessage, callback: (message: string | null | undefined, success: boolean) => void): void;
  /** For Engine.IO's connection event: the handshake's reservation becomes the connection's, freed when it closes. */
  onConnection(socket: EngineSocket): void;
  /** Open and pending connections of an address (tests). */
  countOf(address: string): number;
}

/** The client address of a raw request: the last X-Forwarded-For entry behind a trusted proxy (as Fastify's), or the socket's. */
export function clientAddressOf(trustProxy: boolean): (req: IncomingMessage) => string {
  return (req) => {
    const forwarded = trustProxy ? req.headers['x-forwarded-for'] : undefined;
    const last = typeof forwarded === 'string' ? forwarded.split(',').at(-1)?.trim() : undefined;
    return last || req.socket.remoteAddress || 'unknown';
  };
}

export function createAddressCap(limit: number, addressOf: (req: IncomingMessage) => string): AddressCap {
  const counts = new Map<string, number>();
  // A handshake is counted when it is allowed, not when its connection opens: the id is made asynchronously in
  // between, and a burst of handshakes would all pass a check of open connections alone.
  const pending = new WeakMap<IncomingMessage, { address: string; abandon: () => void }>();
  const release = (address: string) => {
    const left = (counts.get(address) ?? 1) - 1;
    if (left > 0) counts.set(address, left);
    else counts.delete(address);
  };
  return {
    allowRequest(req, callback) {
      const address = addressOf(req);
      const count = counts.get(address) ?? 0;
      if (count >= limit) return callback(TOO_MANY_CONNECTIONS, false);
      counts.set(address, count + 1);
      // A handshake that never becomes a connection gives its place back when its TCP connection closes.
      const abandon = () => {
        if (pending.delete(req)) release(address);
      };
      pending.set(req, { address, abandon });
      req.socket.once('close', abandon);
      callback(null, true);
    },
    onConnection(socket) {
      const reservation = pending.get(socket.request);
      if (!reservation) return;
      pending.delete(socket.request);
      socket.request.socket.off('close', reservation.abandon);
      socket.once('close', () => release(reservation.address));
    },
    countOf: (address) => counts.get(address) ?? 0,
  };
}
