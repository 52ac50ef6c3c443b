import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RailScrollButtons, railEndsOf } from './rail-scroll';

/** jsdom lays nothing out: the rail's widths and position are set by hand. */
function setGeometry(el: HTMLElement, g: { scrollWidth: number; clientWidth: number; scrollLeft: number }) {
  Object.defineProperty(el, 'scrollWidth', { configurable: true, value: g.scrollWidth });
  Object.defineProperty(el, 'clientWidth', { configurable: true, value: g.clientWidth });
  Object.defineProperty(el, 'scrollLeft', { configurable: true, writable: true, value: g.scrollLeft });
}

function Rail() {
  const ref = useRef<HTMLUListElement>(null);
  return (
    <>
      <RailScrollButtons railRef={ref} backLabel="Scroll back" onLabel="Scroll on" />
      <ul ref={ref} data-testid="rail">
        <li>One</li>
        <li>Two</li>
      </ul>
    </>
  );
}

const back = () => screen.getByRole('button', { name: 'Scroll back', hidden: true });
const on = () => screen.getByRole('button', { name: 'Scroll on', hidden: true });

describe('railEndsOf', () => {
  it.each([
    ['nothing overflows', { scrollWidth: 600, clientWidth: 600, scrollLeft: 0 }, { overflows: false, canScrollBack: false, canScrollOn: false }],
    ['overflow within the sub-pixel slack', { scrollWidth: 601, clientWidth: 600, scrollLeft: 0 }, { overflows: false, canScrollBack: false, canScrollOn: false }],
    ['at the start', { scrollWidth: 1200, clientWidth: 600, scrollLeft: 0 }, { overflows: true, canScrollBack: false, canScrollOn: true }],
    ['in the middle', { scrollWidth: 1200, clientWidth: 600, scrollLeft: 300 }, { overflows: true, canScrollBack: true, canScrollOn: true }],
    ['at the end', { scrollWidth: 1200, clientWidth: 600, scrollLeft: 600 }, { overflows: true, canScrollBack: true, canScrollOn: false }],
    ['a fraction short of the end', { scrollWidth: 1200, clientWidth: 600, scrollLeft: 599.4 }, { overflows: true, canScrollBack: true, canScrollOn: false }],
  ])('%s', (_name, geometry, expected) => {
    expect(railEndsOf(geometry)).toEqual(expected);
  });
});

describe('RailScrollButtons', () => {
  it('hides both buttons when the rail does not overflow', () => {
    render(<Rail />);
    expect(screen.getByTestId('rail-scrollers').hidden).toBe(true);
  });

  it('marks the button of an end unavailable, and follows scrolling and resizing', async () => {
    const user = userEvent.setup();
    render(<Rail />);
    const rail = screen.getByTestId('rail');
    const scrollBy = vi.fn();
    rail.scrollBy = scrollBy;

    setGeometry(rail, { scrollWidth: 1200, clientWidth: 600, scrollLeft: 0 });
    act(() => void window.dispatchEvent(new Event('resize')));
    await waitFor(() => expect(screen.getByTestId('rail-scrollers').hidden).toBe(false));
    expect(back().getAttribute('aria-disabled')).toBe('true');
    expect(on().getAttribute('aria-disabled')).toBe('false');

    // Unavailable: a click does nothing (and the button keeps the focus).
    await user.click(back());
    expect(scrollBy).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(back());
    await user.click(on());
    expect(scrollBy).toHaveBeenCalledWith({ left: 540, behavior: 'smooth' });

    setGeometry(rail, { scrollWidth: 1200, clientWidth: 600, scrollLeft: 600 });
    fireEvent.scroll(rail);
    await waitFor(() => expect(on().getAttribute('aria-disabled')).toBe('true'));
    expect(back().getAttribute('aria-disabled')).toBe('false');

    // A wider window: everything fits, the buttons go.
    setGeometry(rail, { scrollWidth: 1200, clientWidth: 1200, scrollLeft: 0 });
    act(() => void window.dispatchEvent(new Event('resize')));
    await waitFor(() => expect(screen.getByTestId('rail-scrollers').hidden).toBe(true));
  });
});
