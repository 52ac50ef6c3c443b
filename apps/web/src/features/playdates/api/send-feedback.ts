import type { PlaydateFeedbackBody } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** POST /playdates/feedback/{id}: rates a finished private playdate (once). */
export async function sendPlaydateFeedback(id: number, body: PlaydateFeedbackBody): Promise<void> {
  await requireData(call('playdates.feedback.send', { params: { id: String(id) }, body }));
}
