import type { TFunction } from 'i18next';
import { CAPTCHA_INVALID, CAPTCHA_REQUIRED } from '@velora/shared';
import { isApiError } from '@/lib/http';

// The shared zod schemas (ContactBody, ContentReportBody) carry English messages for the API; the forms show
// their own, translated, per rule. Server messages are shown as given in English, and generically otherwise.

export type FieldRule =
  | { kind: 'text'; min: number; max: number }
  | { kind: 'email' }
  | { kind: 'url' }
  | { kind: 'choice' }
  | { kind: 'agree' };

/** The parts of a react-hook-form error the message depends on. */
type FieldErrorLike = { type?: string | number; message?: string } | undefined;

export function fieldMessage(t: TFunction, language: string, rule: FieldRule, error: FieldErrorLike, value: unknown): string | undefined {
  if (!error) return undefined;
  if (error.type === 'server') return language === 'en' && error.message ? error.message : t('pages.form.invalid');
  const blank = typeof value !== 'string' || value.trim() === '';
  switch (rule.kind) {
    case 'agree':
      return t('pages.report.agreeRequired');
    case 'choice':
      return t('pages.form.choose');
    case 'email':
      return blank ? t('pages.form.required') : t('pages.form.email');
    case 'url':
      return blank ? t('pages.form.required') : t('pages.form.url');
    case 'text':
      if (blank) return t('pages.form.required');
      if (error.type === 'too_big') return t('pages.form.tooLong', { max: rule.max });
      if (error.type === 'too_small') return t('pages.form.tooShort', { min: rule.min });
      return t('pages.form.invalid');
  }
}

/** The captcha's message: the server's two known ones translated, anything else generic. */
export function captchaMessage(t: TFunction, serverMessage: string | null | undefined): string {
  if (!serverMessage || serverMessage === CAPTCHA_REQUIRED) return t('pages.captcha.required');
  if (serverMessage === CAPTCHA_INVALID) return t('pages.captcha.invalid');
  return t('pages.captcha.invalid');
}

/** The per-field messages of a 400, or null when the error is not one. */
export function serverFieldErrors(error: unknown): Record<string, string> | null {
  return isApiError(error, 400) && error.fields ? error.fields : null;
}

/** The form-level message of a failed send. */
export function sendFailedMessage(t: TFunction, error: unknown): string {
  if (isApiError(error, 429)) return t('pages.form.rateLimited');
  if (isApiError(error, 400)) return t('pages.form.fixErrors');
  return t('pages.form.failed');
}
