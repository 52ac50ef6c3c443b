import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { ChunkReader, decodeAmf0, encodeAmf0, HANDSHAKE_SIZE, MSG, type RtmpMessage, uint32, writeChunks } from './rtmp-protocol';

// A publish-only RTMP server (decision record 034): rtmp://host:port/live/<stream key>. The stream key is checked
// (asynchronously) before the encoder is told "Publish.Start"; until then no media is taken. Each accepted session
// hands its audio, video and metadata messages to its owner, which pipes them to ffmpeg as FLV.

const APP = 'live';
const OUT_CHUNK_SIZE = 4096;
const WINDOW_ACK_SIZE = 2_500_000;
/** A connection that has not asked to publish within this time is dropped (a port scanner, a stuck client). */
const PUBLISH_DEADLINE_MS = 10_000;

export interface RtmpPublish {
  /** The stream key (the last path segment, without any query). */
  key: string;
  remoteAddress: string;
  /** Media and metadata messages, in order, after the publish was accepted. */
  onMessage(listener: (message: RtmpMessage) => void): void;
  onClose(listener: () => void): void;
  /** Stops reading from the encoder (TCP then slows it down) until resume(). */
  pause(): void;
  resume(): void;
  /** Ends the connection (the encoder sees the server hang up). */
  close(): void;
}

export interface RtmpServerOptions {
  host?: string;
  port: number;
  /** Decides on a publish: resolve true to accept (media starts flowing), false to refuse and hang up. */
  onPublish(publish: RtmpPublish): Promise<boolean>;
  onError?(error: Error, remoteAddress: string): void;
}

export interface RtmpServer {
  port: number;
  close(): Promise<void>;
}

export async function startRtmpServer(options: RtmpServerOptions): Promise<RtmpServer> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    handleConnection(socket, options);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function command(name: string, txn: number, ...args: Parameters<typeof encodeAmf0>): Buffer {
  return encodeAmf0(name, txn, ...args);
}

function handleConnection(socket: net.Socket, options: RtmpServerOptions) {
  const remoteAddress = `${socket.remoteAddress ?? '?'}:${socket.remotePort ?? '?'}`;
  socket.setNoDelay(true);
  const reader = new ChunkReader();
  let phase: 'c0c1' | 'c2' | 'chunks' = 'c0c1';
  let pending = Buffer.alloc(0);
  let app = '';
  let state: 'connecting' | 'deciding' | 'publishing' | 'closed' = 'connecting';
  let received = 0;
  let acked = 0;
  const messageListeners: Array<(m: RtmpMessage) => void> = [];
  const closeListeners: Array<() => void> = [];
  const deadline = setTimeout(() => state === 'connecting' && socket.destroy(), PUBLISH_DEADLINE_MS);

  const send = (csid: number, type: number, payload: Buffer, streamId = 0) => {
    if (!socket.destroyed) socket.write(writeChunks(csid, { type, streamId, payload }, OUT_CHUNK_SIZE));
  };
  const sendCommand = (payload: Buffer, streamId = 0) => send(3, MSG.commandAmf0, payload, streamId);
  const onStatus = (level: 'status' | 'error', code: string, description: string) =>
    send(5, MSG.commandAmf0, command('onStatus', 0, null, { level, code, description }), 1);

  const publish: RtmpPublish = {
    key: '',
    remoteAddress,
    onMessage: (l) => messageListeners.push(l),
    onClose: (l) => closeListeners.push(l),
    pause: () => socket.pause(),
    resume: () => socket.resume(),
    close: () => {
      socket.end();
      // An encoder that keeps the socket half-open is cut off.
      setTimeout(() => socket.destroy(), 1000).unref();
    },
  };

  socket.on('close', () => {
    clearTimeout(deadline);
    const was = state;
    state = 'closed';
    if (was === 'publishing' || was === 'deciding') for (const l of closeListeners) l();
  });
  socket.on('error', () => undefined);

  const handleCommand = (message: RtmpMessage) => {
    const values = decodeAmf0(message.type === MSG.commandAmf3 ? message.payload.subarray(1) : message.payload);
    const [name, txnValue] = values;
    const txn = typeof txnValue === 'number' ? txnValue : 0;
    switch (name) {
      case 'connect': {
        const cmd = values[2];
        app = typeof cmd === 'object' && cmd && !Array.isArray(cmd) && typeof cmd.app === 'string' ? cmd.app : '';
        if (app.split('?')[0]!.replace(/\/+$/, '') !== APP) {
          sendCommand(command('_error', txn, null, { level: 'error', code: 'NetConnection.Connect.Rejected', description: `Publish to rtmp://host/${APP}/<stream key>` }));
          app = '';
          publish.close();
          return;
        }
        send(2, MSG.windowAckSize, uint32(WINDOW_ACK_SIZE));
        send(2, MSG.setPeerBandwidth, Buffer.concat([uint32(WINDOW_ACK_SIZE), Buffer.from([2])]));
        send(2, MSG.setChunkSize, uint32(OUT_CHUNK_SIZE));
        sendCommand(
          command('_result', txn, { fmsVer: 'FMS/3,0,1,123', capabilities: 31 }, {
            level: 'status', code: 'NetConnection.Connect.Success', description: 'Connection succeeded.', objectEncoding: 0,
          }),
        );
        return;
      }
      case 'createStream':
        sendCommand(command('_result', txn, null, 1));
        return;
      case 'releaseStream':
      case 'FCPublish':
        if (txn > 0) sendCommand(command('_result', txn, null, undefined));
        return;
      case 'publish': {
        if (state !== 'connecting') return;
        if (!app) {
          // Publishing without a successful connect: not an encoder.
          publish.close();
          return;
        }
        const name = typeof values[3] === 'string' ? values[3] : '';
        publish.key = name.split('?')[0]!;
        state = 'deciding';
        clearTimeout(deadline);
        options.onPublish(publish).then(
          (accepted) => {
            if (state !== 'deciding') return;
            if (!accepted) {
              onStatus('error', 'NetStream.Publish.BadName', 'Stream key refused');
              state = 'closed';
              publish.close();
              return;
            }
            state = 'publishing';
            onStatus('status', 'NetStream.Publish.Start', `Publishing ${APP}`);
          },
          (error: unknown) => {
            options.onError?.(error instanceof Error ? error : new Error(String(error)), remoteAddress);
            onStatus('error', 'NetStream.Publish.Failed', 'The server could not take the stream');
            publish.close();
          },
        );
        return;
      }
      case 'FCUnpublish':
      case 'deleteStream':
      case 'closeStream':
        publish.close();
        return;
      default:
        return;
    }
  };

  const handleMessage = (message: RtmpMessage) => {
    switch (message.type) {
      case MSG.commandAmf0:
      case MSG.commandAmf3:
        handleCommand(message);
        return;
      case MSG.audio:
      case MSG.video:
      case MSG.dataAmf0:
        if (state === 'publishing') for (const l of messageListeners) l(message);
        return;
      default:
        return;
    }
  };

  socket.on('data', (data: Buffer) => {
    try {
      received += data.length;
      if (received - acked >= WINDOW_ACK_SIZE / 2) {
        acked = received;
        send(2, MSG.ack, uint32(received));
      }
      if (phase !== 'chunks') {
        pending = Buffer.concat([pending, data]);
        if (phase === 'c0c1') {
          if (pending.length < 1 + HANDSHAKE_SIZE) return;
          if (pending[0] !== 3) throw new Error(`RTMP version ${pending[0]} is not supported`);
          const c1 = pending.subarray(1, 1 + HANDSHAKE_SIZE);
          // The simple handshake: S1 with a zero version field (no digest expected), S2 echoing C1.
          const s1 = Buffer.concat([Buffer.alloc(8), randomBytes(HANDSHAKE_SIZE - 8)]);
          socket.write(Buffer.concat([Buffer.from([3]), s1, c1]));
          pending = pending.subarray(1 + HANDSHAKE_SIZE);
          phase = 'c2';
        }
        if (phase === 'c2') {
          if (pending.length < HANDSHAKE_SIZE) return;
          data = pending.subarray(HANDSHAKE_SIZE);
          pending = Buffer.alloc(0);
          phase = 'chunks';
          if (data.length === 0) return;
        }
      }
      for (const message of reader.push(data)) handleMessage(message);
    } catch (error) {
      options.onError?.(error instanceof Error ? error : new Error(String(error)), remoteAddress);
      socket.destroy();
    }
  });
}
