import { useMutation } from '@tanstack/react-query';
import type { PlaydateKind, PlaydateReminder } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

export interface SetReminderInput {
  kind: PlaydateKind;
  id: number;
  on: boolean;
}

/** GET /playdates/{type}/notification/{id} turns the reminder on (idempotent); DELETE turns it off. */
export function setPlaydateReminder({ kind, id, on }: SetReminderInput): Promise<PlaydateReminder> {
  const params = { type: kind, id: String(id) };
  return requireData(on ? call('playdates.reminder.on', { params }) : call('playdates.reminder.off', { params }));
}

export function useSetPlaydateReminder() {
  return useMutation({ mutationFn: setPlaydateReminder });
}
