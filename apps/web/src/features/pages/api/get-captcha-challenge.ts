import type { CaptchaChallenge } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';

/** GET /captcha/challenge: a fresh, signed proof-of-work challenge (each form send uses one). */
export function getCaptchaChallenge(signal?: AbortSignal): Promise<CaptchaChallenge> {
  return requireData(call('pages.captcha', undefined, { signal }));
}
