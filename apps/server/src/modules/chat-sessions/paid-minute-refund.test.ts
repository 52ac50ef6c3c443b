import { describe, expect, it } from 'vitest';
import { firstMinuteOffAir, refundDescription } from './paid-minute-refund';
import { entryAir } from './paid-minutes';

// The rules of what a refund gives back and says (decision record 062), without a database.

const MINUTE_MS = 60_000;
const started = new Date('2030-05-01T12:00:00Z');
const at = (seconds: number) => new Date(started.getTime() + seconds * 1000);

describe('firstMinuteOffAir: the first charged minute that was not on air to its end', () => {
  it.each([
    [0, 0, 1, 'the video went away as minute 1 began'],
    [59, 0, 1, 'during minute 1'],
    [60, 0, 2, 'exactly as minute 2 began: minute 1 was on air to its end'],
    [150, 0, 3, 'during minute 3'],
    [140, 30, 2, 'during minute 2 once an earlier outage of 30 s moved the minutes on'],
    [-20, 0, 1, 'before he entered (he entered during the outage): every minute'],
  ])('off air %i s after the start, %i s credited: minute %i (%s)', (offAir, credited, minute) => {
    expect(firstMinuteOffAir({ started_at: started, credited_seconds: credited }, at(offAir), MINUTE_MS)).toBe(minute);
  });
});

describe('refundDescription: the line in the member\'s coin history, in his language', () => {
  it.each([
    ['en', [3], 'Refund: paid chat with Zoé, minute 3 (the video stopped)'],
    ['en', [3, 4], 'Refund: paid chat with Zoé, minutes 3–4 (the video stopped)'],
    ['de', [1], 'Erstattung: Bezahlchat mit Zoé, Minute 1 (das Video ist ausgefallen)'],
    ['fr', [2, 3], 'Remboursement : chat payant avec Zoé, minutes 2–3 (la vidéo s’est arrêtée)'],
    ['es', [1], 'Refund: paid chat with Zoé, minute 1 (the video stopped)'],
  ])('%s, minutes %j', (language, minutes, text) => {
    expect(refundDescription(language, 'Zoé', minutes)).toBe(text);
  });

  it('names no one when the model is gone', () => {
    expect(refundDescription('de', null, [2])).toBe('Erstattung: Bezahlchat mit einem Model, Minute 2 (das Video ist ausgefallen)');
  });
});

describe('entryAir: what a new session records of its show', () => {
  const show = { sessionId: 7, ended: false, onAir: true, offAirSince: null, graceUntil: null, offAirSeconds: 40 };

  it('on air: the show and its outages so far, none of them his', () => {
    expect(entryAir({ show }, at(0))).toEqual({ cameraSessionId: 7, offAirSeenSeconds: 40 });
  });

  it('off air: also the part of this outage before he entered (whole seconds, in his favour)', () => {
    expect(entryAir({ show: { ...show, onAir: false, offAirSince: at(-12.7), graceUntil: at(20) } }, at(0))).toEqual({ cameraSessionId: 7, offAirSeenSeconds: 52 });
  });

  it('no show: nothing', () => {
    expect(entryAir({ show: null }, at(0))).toEqual({ cameraSessionId: null, offAirSeenSeconds: 0 });
  });
});
