import type { MediaServerEvent } from './media-server';
import type { SfuErrorCode, SfuMessage, SfuOptions } from './sfu-protocol';

// The SFU process's end of its link with the server (messages in sfu-protocol.ts): the options it was started with,
// and what it tells the server on its own (events, stats, replies).

export const options = JSON.parse(process.env.VELORA_SFU_OPTIONS ?? '{}') as SfuOptions;

/** A request the SFU refuses: the server hears the code (a 4xx for the client), not an internal failure. */
export class RequestError extends Error {
  constructor(
    readonly code: SfuErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const send = (message: SfuMessage) => {
  // After the server is gone nothing can be told (the disconnect handler ends this process).
  if (process.connected) process.send!(message);
};

export const emit = (event: MediaServerEvent) => send({ type: 'event', event });
