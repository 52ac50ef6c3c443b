import type { TFunction } from 'i18next';
import type { FieldError } from 'react-hook-form';

/** Which rule a field follows; the shared zod schemas carry English messages, the UI shows its own. */
export type FieldRule = 'required' | 'username' | 'email' | 'password' | 'confirm';

/** The translated message for a field error; server messages (type 'server') are shown as given. */
export function fieldErrorMessage(t: TFunction, rule: FieldRule, error: FieldError | undefined, value: unknown): string | undefined {
  if (!error) return undefined;
  if (error.type === 'server') return error.message;
  if (typeof value !== 'string' || value.trim() === '') return t('validation.required');
  switch (rule) {
    case 'required':
      return t('validation.required');
    case 'username':
      return t('validation.username');
    case 'email':
      return t('validation.email');
    case 'password':
      return error.type === 'too_big' ? t('validation.passwordTooLong') : t('validation.password');
    case 'confirm':
      return t('validation.passwordsDiffer');
  }
}
