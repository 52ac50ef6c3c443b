import type { Ref } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError } from '@/lib/report-error';
import { getCaptchaChallenge } from '../api/get-captcha-challenge';
import { solveInBackground } from '../captcha/solve-in-background';

// The self-hosted proof-of-work captcha: ticking the box fetches a signed challenge from our own API
// (GET /captcha/challenge), a Web Worker solves it, and the solution (base64 JSON, as the altcha widget makes
// it) is what the form sends as `captcha`. No third party sees the visitor.

type CaptchaState = 'idle' | 'solving' | 'verified' | 'failed' | 'expired';

export interface CaptchaFieldProps {
  /** The solution once solved; null while unsolved, expired or failed. */
  onChange: (solution: string | null) => void;
  error?: string | undefined;
  /** Changing it starts over (after a send, or when the server refused the solution). */
  resetKey?: number;
  /** The group, for the form to move focus to when the captcha is what is missing. */
  groupRef?: Ref<HTMLDivElement>;
}

export function CaptchaField({ onChange, error, resetKey = 0, groupRef }: CaptchaFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [state, setState] = useState<CaptchaState>('idle');
  const [payload, setPayload] = useState<string | null>(null);
  const onChangeRef = useRef(onChange);
  const running = useRef<AbortController | null>(null);
  const expiry = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    onChangeRef.current = onChange;
  });

  const settle = (next: CaptchaState, solution: string | null = null) => {
    setState(next);
    setPayload(solution);
    onChangeRef.current(solution);
  };

  const stop = () => {
    running.current?.abort();
    running.current = null;
    if (expiry.current) clearTimeout(expiry.current);
    expiry.current = null;
  };

  const solve = async () => {
    stop();
    const controller = new AbortController();
    running.current = controller;
    settle('solving');
    try {
      const challenge = await getCaptchaChallenge(controller.signal);
      const solution = await solveInBackground(challenge, controller.signal);
      if (controller.signal.aborted) return;
      if (!solution) {
        settle('failed');
        return;
      }
      settle('verified', solution);
      const expiresAt = challenge.parameters.expiresAt;
      if (expiresAt) {
        // A solution is good until its challenge expires; after that the box has to be ticked again.
        expiry.current = setTimeout(() => settle('expired'), Math.max(0, expiresAt * 1000 - Date.now()));
      }
    } catch (failure) {
      if (controller.signal.aborted) return;
      reportError(failure, { during: 'captcha' });
      settle('failed');
    }
  };

  useEffect(() => stop, []);

  useEffect(() => {
    if (resetKey === 0) return;
    stop();
    settle('idle');
  }, [resetKey]);

  const status: Record<CaptchaState, string> = {
    idle: '',
    solving: t('pages.captcha.solving'),
    verified: t('pages.captcha.verified'),
    failed: t('pages.captcha.failed'),
    expired: t('pages.captcha.expired'),
  };
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  return (
    <div
      ref={groupRef}
      tabIndex={-1}
      className={['field', 'captcha-field', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}
      role="group"
      aria-labelledby={labelId}
      aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
      data-testid="captcha"
    >
      <span id={labelId} className="field__label">
        {t('pages.captcha.label')}
      </span>
      <div className="captcha-box" data-state={state}>
        <input
          id={`${id}-check`}
          className="captcha-box__check"
          type="checkbox"
          checked={state === 'solving' || state === 'verified'}
          disabled={state === 'solving'}
          aria-describedby={statusId}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            if (event.target.checked) void solve();
            else {
              stop();
              settle('idle');
            }
          }}
        />
        <label className="captcha-box__label" htmlFor={`${id}-check`}>
          {t('pages.captcha.checkbox')}
        </label>
        {state === 'solving' ? <span className="captcha-box__spinner" aria-hidden="true" /> : null}
        <span id={statusId} className="captcha-box__status" role="status">
          {status[state]}
        </span>
        <input type="hidden" name="captcha" value={payload ?? ''} />
      </div>
      <p id={hintId} className="field__hint">
        {t('pages.captcha.hint')}
      </p>
      {error ? (
        <p id={errorId} className="field__error" data-testid="captcha-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
