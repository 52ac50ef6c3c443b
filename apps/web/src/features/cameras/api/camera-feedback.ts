import type { CameraFeedbackAsk, CameraFeedbackBodyInput } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /cameras/{name}/feedback: whether the server wants the question asked (at most once a day per camera). */
export function askCameraFeedback(name: string): Promise<CameraFeedbackAsk> {
  return requireData(call('cameras.feedback.ask', { params: { name } }));
}

/** POST /cameras/{name}/feedback: a rating with an optional comment, or `{ dismissed: true }` ("Not now"). */
export async function sendCameraFeedback(name: string, body: CameraFeedbackBodyInput): Promise<void> {
  await requireData(call('cameras.feedback.send', { params: { name }, body }));
}
