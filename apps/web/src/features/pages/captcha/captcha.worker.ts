/// <reference lib="webworker" />
import type { CaptchaChallenge } from '@velora/shared';
import { solveCaptcha } from './solve';

// Solves the proof of work off the main thread, so typing and scrolling stay smooth meanwhile.

export type CaptchaWorkerRequest = { challenge: CaptchaChallenge };
export type CaptchaWorkerAnswer = { payload: string | null } | { error: string };

self.onmessage = async (event: MessageEvent<CaptchaWorkerRequest>) => {
  try {
    const payload = await solveCaptcha(event.data.challenge);
    self.postMessage({ payload } satisfies CaptchaWorkerAnswer);
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies CaptchaWorkerAnswer);
  }
};
