import { describe, expect, it } from 'vitest';
import type { TheaterEvent, TheaterState } from './theater-state';
import { CLOSED, theaterReducer } from './theater-state';

const theater = (id: number): TheaterState => ({ activeVideoId: id, theater: true, pictureInPicture: false });
const docked = (id: number): TheaterState => ({ activeVideoId: id, theater: false, pictureInPicture: true });

// product §4: theater mode is opened by the hash play-{id} when no video is active; selecting a new
// active video opens it; selecting the same active video turns picture-in-picture off; it is
// cleared otherwise unless picture-in-picture is on.
const rules: [string, TheaterState, TheaterEvent, TheaterState][] = [
  ['the hash opens theater mode when no video is active', CLOSED, { type: 'select', videoId: 5 }, theater(5)],
  ['another video opens in place of the active one', theater(5), { type: 'select', videoId: 8 }, theater(8)],
  ['another video opens from the docked player, in theater mode', docked(5), { type: 'select', videoId: 8 }, theater(8)],
  ['the same video turns picture-in-picture off', docked(5), { type: 'select', videoId: 5 }, theater(5)],
  ['the same video in theater mode changes nothing', theater(5), { type: 'select', videoId: 5 }, theater(5)],
  ['navigation clears theater mode', theater(5), { type: 'navigate' }, CLOSED],
  ['navigation keeps the player while picture-in-picture is on', docked(5), { type: 'navigate' }, docked(5)],
  ['navigation without a player changes nothing', CLOSED, { type: 'navigate' }, CLOSED],
  ['docking turns picture-in-picture on', theater(5), { type: 'dock' }, docked(5)],
  ['docking without a player changes nothing', CLOSED, { type: 'dock' }, CLOSED],
  ['expanding turns picture-in-picture off', docked(5), { type: 'expand' }, theater(5)],
  ['closing theater mode clears it', theater(5), { type: 'close' }, CLOSED],
  ['closing the docked player clears it too', docked(5), { type: 'close' }, CLOSED],
];

describe('theaterReducer (product §4)', () => {
  it.each(rules)('%s', (_rule, state, event, expected) => {
    expect(theaterReducer(state, event)).toEqual(expected);
  });

  it('returns the same state object when nothing changes (no needless re-renders)', () => {
    const state = theater(5);
    expect(theaterReducer(state, { type: 'select', videoId: 5 })).toBe(state);
    const pip = docked(5);
    expect(theaterReducer(pip, { type: 'navigate' })).toBe(pip);
    expect(theaterReducer(CLOSED, { type: 'close' })).toBe(CLOSED);
  });
});
