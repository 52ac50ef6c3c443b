import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerPlaybackPrefetcher } from '@/entities/video-player/playback-prefetch';
import { usePlayPrefetch } from './use-play-prefetch';

function Card({ id, selected = false }: { id: number; selected?: boolean }) {
  const prefetch = usePlayPrefetch<HTMLElement>(id, selected);
  return (
    <article ref={prefetch.ref}>
      <a href={`#play-${id}`} {...prefetch.handlers}>
        Play {id}
      </a>
    </article>
  );
}

const prefetcher = vi.fn();
let unregister: () => void;
beforeEach(() => {
  vi.useFakeTimers();
  unregister = registerPlaybackPrefetcher(prefetcher);
});
afterEach(() => {
  cleanup();
  unregister();
  prefetcher.mockReset();
  vi.useRealTimers();
});

describe('usePlayPrefetch: a card prepares its video', () => {
  it('when the pointer rests on the play link a moment, not when it only crosses it', () => {
    render(<Card id={7} />);
    const link = screen.getByRole('link', { name: 'Play 7' });
    fireEvent.pointerEnter(link);
    act(() => vi.advanceTimersByTime(40));
    fireEvent.pointerLeave(link);
    act(() => vi.advanceTimersByTime(200));
    expect(prefetcher).not.toHaveBeenCalled();

    fireEvent.pointerEnter(link);
    act(() => vi.advanceTimersByTime(80));
    expect(prefetcher).toHaveBeenCalledWith(7, 'intent');
  });

  it('when focused a moment (keyboard), and at once when pressed or touched', () => {
    render(<Card id={8} />);
    const link = screen.getByRole('link', { name: 'Play 8' });
    fireEvent.focus(link);
    act(() => vi.advanceTimersByTime(80));
    expect(prefetcher).toHaveBeenCalledTimes(1);
    fireEvent.pointerDown(link);
    expect(prefetcher).toHaveBeenCalledTimes(2);
    expect(prefetcher).toHaveBeenLastCalledWith(8, 'intent');
  });

  it('at once when it is the selected video of its page', () => {
    render(<Card id={9} selected />);
    expect(prefetcher).toHaveBeenCalledWith(9, 'intent');
  });
});
