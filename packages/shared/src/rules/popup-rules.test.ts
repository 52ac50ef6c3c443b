import { describe, expect, it } from 'vitest';
import { POPUP_TYPES } from '../constants';
import type { PopupMoment } from './popup-rules';
import { POPUP_RULES, TIP_OFFER_INTERVAL_MS, decidePopup, isEngagedForTipOffer, isTipOfferDue } from './popup-rules';

const calm: PopupMoment = { videoPlaying: false, formInProgress: false, otherPopupOpen: false };
const playing: PopupMoment = { ...calm, videoPlaying: true };
const typing: PopupMoment = { ...calm, formInProgress: true };
const popupUp: PopupMoment = { ...calm, otherPopupOpen: true };

describe('decidePopup: when each popup of product §2 may open', () => {
  it.each([
    // type, calm, video playing, form in progress, another popup open
    ['cookies', 'open', 'open', 'open', 'open'],
    ['age-approval', 'open', 'open', 'open', 'open'],
    ['law-limitation', 'open', 'open', 'open', 'open'],
    ['signup', 'open', 'open', 'open', 'open'],
    ['tourpage-gallery', 'open', 'open', 'open', 'open'],
    ['buy-subscription', 'open', 'open', 'open', 'open'],
    ['buy-coins', 'open', 'open', 'open', 'open'],
    ['model-tip', 'open', 'open', 'open', 'open'],
    ['model-tip-success', 'open', 'open', 'open', 'open'],
    ['change-avatar', 'open', 'open', 'open', 'open'],
    ['feedback', 'open', 'open', 'open', 'open'],
    ['feedback-success', 'open', 'open', 'open', 'open'],
    ['feedback-removal', 'open', 'open', 'open', 'open'],
    ['feature-feedback', 'open', 'open', 'open', 'open'],
    ['playdate-forbiddance', 'open', 'open', 'open', 'open'],
    ['playdate-request-success', 'open', 'open', 'open', 'open'],
    ['freechat', 'open', 'open', 'open', 'open'],
    ['camera-feedback', 'open', 'open', 'open', 'open'],
    ['double-opt-in', 'open', 'wait', 'wait', 'wait'],
    ['double-opt-in-finish', 'open', 'open', 'open', 'open'],
    ['age-verification-success', 'open', 'open', 'open', 'open'],
    ['buy-coins-success', 'open', 'open', 'open', 'open'],
    ['transactional', 'open', 'wait', 'wait', 'wait'],
    ['playdate-feedback', 'open', 'wait', 'wait', 'wait'],
    ['black-friday-discount', 'open', 'wait', 'wait', 'wait'],
    ['valentines-discount', 'open', 'wait', 'wait', 'wait'],
    ['summer-discount', 'open', 'wait', 'wait', 'wait'],
    ['model-tip-offer', 'open', 'wait', 'wait', 'wait'],
    ['organic', 'open', 'drop', 'drop', 'wait'],
    ['feature-introduce', 'open', 'drop', 'drop', 'wait'],
  ] as const)('%s: calm → %s, video playing → %s, form in progress → %s, another popup open → %s', (type, whenCalm, whenPlaying, whenTyping, whenPopup) => {
    expect(decidePopup(type, calm)).toBe(whenCalm);
    expect(decidePopup(type, playing)).toBe(whenPlaying);
    expect(decidePopup(type, typing)).toBe(whenTyping);
    expect(decidePopup(type, popupUp)).toBe(whenPopup);
  });

  it('has a rule for every popup type of product §2, and only site popups say what they do when busy', () => {
    expect(Object.keys(POPUP_RULES).sort()).toEqual([...POPUP_TYPES].sort());
    for (const [type, rule] of Object.entries(POPUP_RULES)) {
      expect(rule.whenBusy !== undefined, type).toBe(rule.opener === 'site');
    }
  });

  it('lets a waiting site popup queue behind another popup even while a video plays, rather than drop it', () => {
    expect(decidePopup('organic', { videoPlaying: true, formInProgress: true, otherPopupOpen: true })).toBe('wait');
  });
});

describe('isEngagedForTipOffer: measured engagement', () => {
  it.each([
    ['nothing yet (a fresh session)', 0, 0, 1, false],
    ['44 s of video', 44, 0, 1, false],
    ['45 s of video', 45, 0, 1, true],
    ['a model profile or camera page', 0, 1, 2, true],
    ['5 pages', 0, 0, 5, false],
    ['6 pages', 0, 0, 6, true],
  ] as const)('%s → %s', (_case, watchedSeconds, modelPagesVisited, pageViews, expected) => {
    expect(isEngagedForTipOffer({ watchedSeconds, modelPagesVisited, pageViews })).toBe(expected);
  });
});

describe('isTipOfferDue: at most once in four days', () => {
  const now = Date.UTC(2026, 10, 24, 12);
  it.each([
    ['never offered', null, true],
    ['offered a minute ago', now - 60_000, false],
    ['offered 3 days 23 hours ago', now - TIP_OFFER_INTERVAL_MS + 3_600_000, false],
    ['offered exactly 4 days ago', now - TIP_OFFER_INTERVAL_MS, true],
    ['offered a week ago', now - 7 * 24 * 3_600_000, true],
  ] as const)('%s → %s', (_case, lastOfferedAt, expected) => {
    expect(isTipOfferDue(lastOfferedAt, now)).toBe(expected);
  });
});
