import type { ValidationResult } from '@velora/shared';
import type { ReactNode } from 'react';
import { createElement } from 'react';
import type { ZodType } from 'zod';
import { isApiError } from '@/lib/http';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/** How long typing must pause before the server is asked whether a name or address is free. */
export const LIVE_CHECK_DELAY_MS = 400;

export interface LiveCheck {
  status: ReactNode;
  error: string | undefined;
  /** The server said no: submitting would fail. */
  rejected: boolean;
}

const NONE: LiveCheck = { status: null, error: undefined, rejected: false };

/**
 * Asks the server (debounced) whether a new value is free, once it passes the local rules and differs from the
 * current one (`unchanged`); the answer shows as a field status or error.
 */
export function useLiveCheck(
  value: string,
  schema: ZodType,
  unchanged: (value: string) => boolean,
  useCheck: (value: string | null) => { data: ValidationResult | undefined; isFetching: boolean; error: unknown },
  messages: { available: string; taken: string; format: string; checking: string; rateLimited: string },
): LiveCheck {
  const trimmed = value.trim();
  const debounced = useDebouncedValue(trimmed, LIVE_CHECK_DELAY_MS);
  const candidate = debounced !== '' && !unchanged(debounced) && schema.safeParse(debounced).success ? debounced : null;
  const { data, isFetching, error } = useCheck(candidate);
  if (candidate === null || candidate !== trimmed) return NONE;
  if (isFetching && !data) return { status: messages.checking, error: undefined, rejected: false };
  // Checks are limited per address: past the limit the save decides, so this is a note, not a refusal.
  if (!data && isApiError(error, 429)) return { status: messages.rateLimited, error: undefined, rejected: false };
  if (!data) return NONE;
  if (data.valid) return { status: createElement('span', { className: 'field__ok' }, messages.available), error: undefined, rejected: false };
  return { status: null, error: data.reason === 'taken' ? messages.taken : messages.format, rejected: true };
}
