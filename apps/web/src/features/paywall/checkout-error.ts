import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/http';

/** Why a checkout did not start: the server's own words for a refusal it explains (400, 409, 429), else ours. */
export function checkoutErrorMessage(error: unknown, t: TFunction): string {
  if (isApiError(error) && [400, 409, 429].includes(error.status) && error.code !== undefined) return error.message;
  return t('paywall.checkoutFailed');
}
