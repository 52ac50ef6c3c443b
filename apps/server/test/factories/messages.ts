import { messagesRepository } from '../../src/modules/messages/messages.repository';
import { nextNumber, DAY_MS, type FactoryContext } from './context';

// Playdates are booked by the live-cam flows (a later issue); the messages repository already writes them.

export interface PlaydateOverrides {
  modelId: number;
  kind?: 'public' | 'private';
  /** The member of a private playdate. */
  memberId?: number | null;
  title?: string;
  /** Default: a day before the test clock. */
  startsAt?: Date;
  durationMinutes?: number;
}

/** A playdate; returns its id. */
export async function createPlaydate(t: FactoryContext, o: PlaydateOverrides): Promise<number> {
  const now = t.deps.now();
  return messagesRepository.insertPlaydate(t.deps.db, {
    modelId: o.modelId,
    kind: o.kind ?? 'private',
    memberId: o.memberId ?? null,
    title: o.title ?? `Playdate ${nextNumber()}`,
    startsAt: o.startsAt ?? new Date(now.getTime() - DAY_MS),
    durationMinutes: o.durationMinutes ?? 30,
    createdAt: now,
  });
}
