import type { Message } from '@velora/shared';

/** Optimistic messages carry negative ids until the server's message replaces them. */
export const isPendingMessage = (message: Message) => message.id < 0;
