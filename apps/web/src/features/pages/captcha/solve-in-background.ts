import type { CaptchaChallenge } from '@velora/shared';
import type { CaptchaWorkerAnswer } from './captcha.worker';
import { solveCaptcha } from './solve';

/** Solves in a Web Worker, or on the page where there are none; rejects on failure, null when aborted. */
export function solveInBackground(challenge: CaptchaChallenge, signal: AbortSignal): Promise<string | null> {
  if (typeof Worker === 'undefined') {
    const controller = new AbortController();
    signal.addEventListener('abort', () => controller.abort(), { once: true });
    return solveCaptcha(challenge, controller);
  }
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./captcha.worker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      resolve(null);
    };
    signal.addEventListener('abort', stop, { once: true });
    worker.onmessage = (event: MessageEvent<CaptchaWorkerAnswer>) => {
      signal.removeEventListener('abort', stop);
      worker.terminate();
      if ('error' in event.data) reject(new Error(event.data.error));
      else resolve(event.data.payload);
    };
    worker.onerror = (event) => {
      signal.removeEventListener('abort', stop);
      worker.terminate();
      reject(new Error(event.message || 'The captcha worker failed'));
    };
    worker.postMessage({ challenge });
  });
}
