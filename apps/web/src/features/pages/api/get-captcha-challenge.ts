import type { CaptchaChallenge } from '@velora/shared';
import { api, requireData } from '@/lib/http';

/** GET /captcha/challenge: a fresh, signed proof-of-work challenge (each form send uses one). */
export function getCaptchaChallenge(signal?: AbortSignal): Promise<CaptchaChallenge> {
  return requireData(api.get<CaptchaChallenge>('/captcha/challenge', undefined, signal ? { signal } : undefined));
}
