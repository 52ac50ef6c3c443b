import { PlaydateLimits } from '@velora/shared';

/** The durations offered as checkboxes, besides the ones already allowed. */
export const COMMON_DURATIONS = [1, 5, 10, 15, 20, 30, 45, 60, 90, 120] as const;

/** The form's fields: typed text, so a half-typed number is kept as the team member typed it. */
export interface PlaydateLimitsDraft {
  price_per_minute_min: string;
  price_per_minute_max: string;
  durations: number[];
  expiry_hours: string;
  expiry_minutes: string;
  start_grace_minutes: string;
  extension_window_seconds: string;
  house_share_percent: string;
}

export type LimitsField = keyof PlaydateLimits;

/** What is wrong with a field, for the form to say in the user's language. */
export type LimitsProblem =
  | { kind: 'range'; min: number; max: number }
  | { kind: 'minAboveMax' }
  | { kind: 'durationsCount'; max: number };

// The ranges of the shared schema (packages/shared/src/contracts/playdates.ts), said to the user before asking the server.
export const RANGES = {
  price_per_minute_min: { min: 1, max: 10_000 },
  price_per_minute_max: { min: 1, max: 10_000 },
  request_expiry_minutes: { min: 5, max: 7 * 24 * 60 },
  start_grace_minutes: { min: 1, max: 60 },
  extension_window_seconds: { min: 30, max: 900 },
  house_share_percent: { min: 0, max: 100 },
} as const;
export const DURATIONS_MAX = 12;

export function draftOf(limits: PlaydateLimits): PlaydateLimitsDraft {
  return {
    price_per_minute_min: String(limits.price_per_minute_min),
    price_per_minute_max: String(limits.price_per_minute_max),
    durations: [...limits.durations],
    expiry_hours: String(Math.floor(limits.request_expiry_minutes / 60)),
    expiry_minutes: String(limits.request_expiry_minutes % 60),
    start_grace_minutes: String(limits.start_grace_minutes),
    extension_window_seconds: String(limits.extension_window_seconds),
    house_share_percent: String(limits.house_share_percent),
  };
}

/** A whole number typed as digits only; NaN otherwise (an empty field included). */
function wholeNumber(text: string): number {
  const trimmed = text.trim();
  return /^\d{1,7}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The checkboxes: the common durations and the ones allowed now, ascending. */
export function durationChoices(current: readonly number[]): number[] {
  return [...new Set([...COMMON_DURATIONS, ...current])].sort((a, b) => a - b);
}

/** The body to send, or what is wrong with each field (mirroring the shared schema, which the server checks again). */
export function readDraft(draft: PlaydateLimitsDraft): { body: PlaydateLimits } | { problems: Partial<Record<LimitsField, LimitsProblem>> } {
  const problems: Partial<Record<LimitsField, LimitsProblem>> = {};
  const hours = draft.expiry_hours.trim() === '' ? 0 : wholeNumber(draft.expiry_hours);
  const minutes = draft.expiry_minutes.trim() === '' ? 0 : wholeNumber(draft.expiry_minutes);
  const body = {
    price_per_minute_min: wholeNumber(draft.price_per_minute_min),
    price_per_minute_max: wholeNumber(draft.price_per_minute_max),
    durations: [...new Set(draft.durations)].sort((a, b) => a - b),
    request_expiry_minutes: hours * 60 + minutes,
    start_grace_minutes: wholeNumber(draft.start_grace_minutes),
    extension_window_seconds: wholeNumber(draft.extension_window_seconds),
    house_share_percent: wholeNumber(draft.house_share_percent),
  };
  for (const [field, range] of Object.entries(RANGES) as Array<[keyof typeof RANGES, { min: number; max: number }]>) {
    const value = body[field];
    if (!Number.isInteger(value) || value < range.min || value > range.max) problems[field] = { kind: 'range', ...range };
  }
  if (!problems.price_per_minute_min && !problems.price_per_minute_max && body.price_per_minute_min > body.price_per_minute_max) {
    problems.price_per_minute_max = { kind: 'minAboveMax' };
  }
  if (body.durations.length === 0 || body.durations.length > DURATIONS_MAX) problems.durations = { kind: 'durationsCount', max: DURATIONS_MAX };
  if (Object.keys(problems).length > 0) return { problems };
  // The schema itself has the last word: anything it refuses that the checks above missed still stops the form.
  const parsed = PlaydateLimits.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as LimitsField | undefined;
      if (field && !problems[field]) problems[field] = field === 'durations' ? { kind: 'durationsCount', max: DURATIONS_MAX } : { kind: 'range', ...RANGES[field as keyof typeof RANGES] };
    }
    return { problems };
  }
  return { body: parsed.data };
}
