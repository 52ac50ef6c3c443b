import { describe, expect, it } from 'vitest';
import type { PlayableInput } from './access';
import { isPremium, isVideoPlayable } from './access';

const NOW_MS = Date.parse('2025-05-01T00:00:00Z');
const NOW_S = NOW_MS / 1000;

describe('isPremium (product §4: premium_until later than now)', () => {
  it.each([
    ['a day ahead', { premium_until: NOW_S + 86_400 }, true],
    ['a second ahead', { premium_until: NOW_S + 1 }, true],
    ['exactly now', { premium_until: NOW_S }, false],
    ['in the past', { premium_until: NOW_S - 1 }, false],
    ['never premium', { premium_until: null }, false],
    ['no profile', null, false],
    ['undefined profile', undefined, false],
  ] as const)('%s → %s', (_case, profile, expected) => {
    expect(isPremium(profile, NOW_MS)).toBe(expected);
  });
});

describe('isVideoPlayable (product §1)', () => {
  const base: PlayableInput = { videoId: 1, unlockedVideoIds: [], premium: false, trailerFeatureActive: false, tagNames: [] };

  it.each<[string, Partial<PlayableInput>, boolean]>([
    ['nothing applies', {}, false],
    ['unlocked (array)', { unlockedVideoIds: [3, 1] }, true],
    ['unlocked (set)', { unlockedVideoIds: new Set([1]) }, true],
    ['another video unlocked', { unlockedVideoIds: new Set([2]) }, false],
    ['premium', { premium: true }, true],
    ['trailer with the trailer feature on', { trailerFeatureActive: true, tagNames: ['Outdoor', 'Trailer'] }, true],
    ['trailer with the feature off', { trailerFeatureActive: false, tagNames: ['Trailer'] }, false],
    ['feature on but not a trailer', { trailerFeatureActive: true, tagNames: ['Outdoor'] }, false],
    ['tag name differs in case', { trailerFeatureActive: true, tagNames: ['trailer'] }, false],
  ])('%s → %s', (_case, input, expected) => {
    expect(isVideoPlayable({ ...base, ...input })).toBe(expected);
  });
});
