import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetFormActivity } from '@/lib/form-activity';
import { resetMediaActivity } from '@/lib/media-activity';
import { openSitePopup, usePopupDecision } from './popup-moment';
import { getPopupStates, hidePopup, resetPopups, showPopup } from './popup-store';

function playingVideo(): HTMLVideoElement {
  const video = document.createElement('video');
  document.body.append(video);
  Object.defineProperty(video, 'paused', { configurable: true, value: false });
  video.dispatchEvent(new Event('play'));
  return video;
}

beforeEach(() => {
  document.body.innerHTML = '';
  resetPopups();
  resetMediaActivity();
  resetFormActivity();
});

describe('the popup gate: every popup the site opens by itself', () => {
  it('opens a site popup at a calm moment', () => {
    expect(openSitePopup('transactional', { id: 1 })).toBe('open');
    expect(getPopupStates().transactional).toEqual({ show: true, data: { id: 1 } });
  });

  it.each([
    ['transactional', 'wait'],
    ['model-tip-offer', 'wait'],
    ['feature-introduce', 'drop'],
  ] as const)('over a playing video, %s → %s and nothing opens', (type, expected) => {
    playingVideo();
    expect(openSitePopup(type)).toBe(expected);
    expect(getPopupStates()[type]).toBeUndefined();
  });

  it('never holds a compliance popup (law-limitation) over a playing video', () => {
    playingVideo();
    expect(openSitePopup('law-limitation')).toBe('open');
  });

  it('re-decides when the video pauses or another popup closes', () => {
    const video = playingVideo();
    showPopup('buy-coins');
    const { result } = renderHook(() => usePopupDecision('model-tip-offer'));
    expect(result.current).toBe('wait');
    act(() => hidePopup('buy-coins'));
    expect(result.current).toBe('wait');
    act(() => {
      Object.defineProperty(video, 'paused', { configurable: true, value: true });
      video.dispatchEvent(new Event('pause'));
    });
    expect(result.current).toBe('open');
  });
});
