import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/http';

/**
 * What she reads when a chat control was refused: the server's field messages for a bad value (400/422), else our
 * words for the status (404 as the control says it: the member left, the message is gone, no such ban; not hers to
 * do: 403; too many: 429), else a plain "did not work".
 */
export function chatRefusalOf(error: unknown, t: TFunction, notFound: string = t('studioChat.errors.failed')): string {
  if (!isApiError(error)) return t('studioChat.errors.failed');
  if ([400, 422].includes(error.status) && error.fields && Object.keys(error.fields).length > 0) return Object.values(error.fields).join(' ');
  if (error.status === 404) return notFound;
  if (error.status === 403) return t('studioChat.errors.forbidden');
  if (error.status === 429) return t('studio.errors.rateLimited');
  if (error.status === 400 || error.status === 422) return t('studioChat.errors.invalid');
  return t('studioChat.errors.failed');
}
