// What chat-fanout.bench.ts and its child processes (chat-fanout-server.ts, chat-fanout-clients.ts) say to each other.
import { CHAT_CLIENT_EVENTS, defineClientEvent } from '@velora/shared';
import { z } from 'zod';

export interface ServerStart {
  type: 'start';
  schema: string;
  /** Set for the Redis cases: the adapter, presence and rate limits go through it. */
  redisUrl: string | null;
  redisKey: string;
  /** Stand in a bench event for chat:send (before the camera-chat module has one; `--event test`). */
  testEvent: boolean;
}

export interface ClientsStart {
  type: 'start';
  url: string;
  tokens: string[];
  room: string;
}

/** The stand-in for chat:send: the same payload, pushed to the room as a chat message without the database. */
export const BenchSend = defineClientEvent('bench:send', CHAT_CLIENT_EVENTS.send.payload, z.object({ message: z.unknown() }));

/** The text the bench sends: `bench <seq> <sent at, ms of the shared clock>`. */
export const benchText = (seq: number, sentAt: number) => `bench ${seq} ${sentAt.toFixed(3)}`;
export const BENCH_TEXT = /^bench (\d+) ([\d.]+)$/;

/** The machine's one clock: performance.timeOrigin + performance.now() is the same wall clock in every process. */
export const now = () => performance.timeOrigin + performance.now();
