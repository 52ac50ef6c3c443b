import type { Language } from '@velora/shared';
import { useEffect, useState } from 'react';

// Playdate times are unix seconds in UTC (contracts/playdates.ts); people see them in the browser's time zone, and
// the zone is named beside them, since a model and her members are often in different ones.

/** The browser's IANA time zone (e.g. Europe/Berlin); UTC when the browser does not say. */
export function memberTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** "Europe/Berlin (CET)": the zone the times of a screen are shown in. */
export function timeZoneLabel(language: Language, at = new Date(), timeZone = memberTimeZone()): string {
  const short = new Intl.DateTimeFormat(language, { timeZone, timeZoneName: 'short' }).formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
  return short && short !== timeZone ? `${timeZone.replace(/_/g, ' ')} (${short})` : timeZone.replace(/_/g, ' ');
}

/** A start or end: weekday, date and time, e.g. "Tue, 24 Nov, 20:00". */
export function formatPlaydateTime(unixSeconds: number, language: Language, timeZone = memberTimeZone()): string {
  return new Intl.DateTimeFormat(language, { timeZone, weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }).format(new Date(unixSeconds * 1000));
}

/** The time of day alone, e.g. "20:15" (slots under their day's heading). */
export function formatPlaydateClock(unixSeconds: number, language: Language, timeZone = memberTimeZone()): string {
  return new Intl.DateTimeFormat(language, { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(unixSeconds * 1000));
}

/** A day's heading, e.g. "Tuesday, 24 November". */
export function formatPlaydateDay(unixSeconds: number, language: Language, timeZone = memberTimeZone()): string {
  return new Intl.DateTimeFormat(language, { timeZone, weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(unixSeconds * 1000));
}

/** The calendar day (YYYY-MM-DD) of a time in a zone: the key slots are grouped by. */
export function dayKey(unixSeconds: number, timeZone = memberTimeZone()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(unixSeconds * 1000));
}

/** Starts grouped by their day in the member's zone, days and starts in order. */
export function groupByDay<T extends { starts_at: number }>(items: readonly T[], timeZone = memberTimeZone()): { day: string; first: number; items: T[] }[] {
  const groups = new Map<string, { day: string; first: number; items: T[] }>();
  for (const item of [...items].sort((a, b) => a.starts_at - b.starts_at)) {
    const key = dayKey(item.starts_at, timeZone);
    const group = groups.get(key) ?? { day: key, first: item.starts_at, items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** "4:05", "1:02:03": what is left of a countdown. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/**
 * Seconds left until `target` (unix seconds) on the server's clock: `serverNow` is the server's time when the answer
 * was made, so a device whose clock is off still counts down right. Ticks every second; null without a target.
 */
export function useServerCountdown(target: number | null, serverNow: number | null): number | null {
  const [offset, setOffset] = useState(0);
  useEffect(() => {
    setOffset(serverNow === null ? 0 : serverNow - Date.now() / 1000);
  }, [serverNow]);
  const [, tick] = useState(0);
  useEffect(() => {
    if (target === null) return undefined;
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [target]);
  if (target === null) return null;
  return Math.max(0, Math.floor(target - (Date.now() / 1000 + offset)));
}
