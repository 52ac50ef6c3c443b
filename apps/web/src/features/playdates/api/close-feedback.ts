import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /playdates/feedback/close/{id}: "not now" — the ask of this playdate is not made again. */
export async function closePlaydateFeedback(id: number): Promise<void> {
  await requireData(call('playdates.feedback.close', { params: { id: String(id) } }));
}
