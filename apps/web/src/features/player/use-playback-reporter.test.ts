import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { ApiError } from '@/lib/http';
import { postPlayback } from './api/post-playback';
import { REPORT_EVERY_MS, usePlaybackReporter } from './use-playback-reporter';

vi.mock('./api/post-playback', () => ({ postPlayback: vi.fn(() => Promise.resolve()) }));
vi.mock('@/lib/http', async (importOriginal) => ({ ...(await importOriginal<typeof Http>()) }));

const posted = () => vi.mocked(postPlayback).mock.calls.map(([id, body]) => ({ id, ...body }));

beforeEach(() => vi.mocked(postPlayback).mockClear());

describe('usePlaybackReporter', () => {
  it('posts about every ten seconds of playback, then on pause and at the end', () => {
    let now = 1_000;
    const { result } = renderHook(() => usePlaybackReporter(9, () => now));
    result.current.onProgress(0.2, 120);
    now += 4_000;
    result.current.onProgress(4.2, 120);
    expect(posted()).toEqual([]);
    now += REPORT_EVERY_MS - 4_000;
    result.current.onProgress(10.3, 120.4);
    expect(posted()).toEqual([{ id: 9, position: 10, duration: 120 }]);
    now += 3_000;
    result.current.onProgress(13.1, 120.4);
    result.current.onPause(13.5, 120.4);
    result.current.onEnded(120.4);
    expect(posted()).toEqual([
      { id: 9, position: 10, duration: 120 },
      { id: 9, position: 13, duration: 120 },
      { id: 9, position: 120, duration: 120 },
    ]);
  });

  it('does not post a pause at the position already posted', () => {
    let now = 0;
    const { result } = renderHook(() => usePlaybackReporter(9, () => now));
    result.current.onProgress(1, 60);
    now += REPORT_EVERY_MS;
    result.current.onProgress(11, 60);
    result.current.onPause(11.4, 60);
    expect(posted()).toHaveLength(1);
  });

  it('posts the last position when the player closes', () => {
    let now = 0;
    const { result, unmount } = renderHook(() => usePlaybackReporter(9, () => now));
    result.current.onProgress(1, 60);
    now += 2_000;
    result.current.onProgress(3, 60);
    unmount();
    expect(posted()).toEqual([{ id: 9, position: 3, duration: 60 }]);
  });

  it('stops after a 403 (the video is not playable for this member)', async () => {
    vi.mocked(postPlayback).mockRejectedValueOnce(new ApiError({ status: 403, statusText: 'Forbidden', body: {}, path: '' }));
    const { result } = renderHook(() => usePlaybackReporter(9));
    result.current.onEnded(60);
    await Promise.resolve();
    await Promise.resolve();
    result.current.onPause(30, 60);
    expect(posted()).toHaveLength(1);
  });
});
