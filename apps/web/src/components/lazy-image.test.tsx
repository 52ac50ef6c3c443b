import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAZY_IMAGE_DEFAULTS, LazyImage } from './lazy-image';

/** A controllable IntersectionObserver: tests decide when an element comes into view. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  readonly elements: Element[] = [];
  disconnected = false;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.instances.push(this);
  }
  observe(element: Element) {
    this.elements.push(element);
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
  takeRecords() {
    return [];
  }
  enter(isIntersecting = true) {
    const entries = this.elements.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    act(() => this.callback(entries, this as unknown as IntersectionObserver));
  }
}

beforeEach(() => {
  FakeObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => vi.unstubAllGlobals());

const wrapperOf = (img: HTMLElement) => img.closest('.lazy-image') as HTMLElement;

describe('LazyImage (product §9)', () => {
  it("has the product's defaults: a div wrapper, root margin zero, threshold 0", () => {
    expect(LAZY_IMAGE_DEFAULTS).toEqual({ as: 'div', rootMargin: '0px', threshold: 0 });
    render(<LazyImage src="/a.jpg" alt="A film" />);
    const observer = FakeObserver.instances[0]!;
    expect(observer.options).toEqual({ rootMargin: '0px', threshold: 0 });
    expect(observer.elements[0]?.tagName).toBe('DIV');
  });

  it('waits for the wrapper to come into view, then loads: loading → loaded', () => {
    render(<LazyImage src="/a.jpg" srcSet="/a.jpg 370w, /b.jpg 900w" alt="A film" />);
    const img = screen.getByRole('img', { name: 'A film' });
    const wrapper = wrapperOf(img);
    expect(wrapper.dataset.state).toBe('loading');
    expect(img.getAttribute('src')).toBeNull();
    expect(img.getAttribute('srcset')).toBeNull();
    expect(wrapper.querySelector('.lazy-image__placeholder')).not.toBeNull();

    FakeObserver.instances[0]!.enter(false);
    expect(img.getAttribute('src')).toBeNull();

    FakeObserver.instances[0]!.enter();
    expect(img.getAttribute('src')).toBe('/a.jpg');
    expect(img.getAttribute('srcset')).toBe('/a.jpg 370w, /b.jpg 900w');
    expect(FakeObserver.instances[0]!.disconnected).toBe(true);

    fireEvent.load(img);
    expect(wrapper.dataset.state).toBe('loaded');
    expect(wrapper.querySelector('.lazy-image__placeholder')).toBeNull();
  });

  it('offers a picture of the media server as WebP only once it comes into view', () => {
    const { container } = render(<LazyImage src="/media/images/video/3/370x206.jpg" variantsOf="/media/images/video/3/900x500.jpg" sizes="300px" alt="A film" />);
    const srcsets = () => [...container.querySelectorAll('source')].map((s) => s.getAttribute('srcset'));
    const img = screen.getByRole('img', { name: 'A film' });
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(srcsets()).toEqual([null]);
    expect(img.getAttribute('src')).toBeNull();

    FakeObserver.instances[0]!.enter();
    const [webp] = srcsets();
    expect(webp).toContain('/media/images/video/3/900x500-480w.webp 480w');
    expect(webp).toContain('/media/images/video/3/900x500.webp 900w');
    expect(img.getAttribute('src')).toBe('/media/images/video/3/370x206.jpg');
    fireEvent.load(img);
    expect(wrapperOf(img).dataset.state).toBe('loaded');
  });

  it('shows the fallback when the image fails: loading → error', () => {
    const onStateChange = vi.fn();
    render(<LazyImage src="/broken.jpg" alt="A film" onStateChange={onStateChange} />);
    FakeObserver.instances[0]!.enter();
    const img = screen.getByRole('img', { name: 'A film' });
    const wrapper = wrapperOf(img);
    fireEvent.error(img);
    expect(wrapper.dataset.state).toBe('error');
    // The default fallback keeps the name.
    const fallback = screen.getByRole('img', { name: 'A film' });
    expect(fallback.tagName).toBe('SPAN');
    expect(onStateChange.mock.calls.map(([s]) => s)).toEqual(['loading', 'error']);
  });

  it('takes a custom wrapper element, placeholder and fallback', () => {
    const { container } = render(
      <LazyImage as="span" wrapperClassName="thumb" src="/x.jpg" alt="" placeholder={<i data-testid="ph" />} fallback={<b data-testid="fb" />} />,
    );
    const wrapper = container.querySelector('.lazy-image')!;
    expect(wrapper.tagName).toBe('SPAN');
    expect(wrapper.classList.contains('thumb')).toBe(true);
    expect(screen.getByTestId('ph')).toBeTruthy();
    FakeObserver.instances[0]!.enter();
    fireEvent.error(container.querySelector('img')!);
    expect(screen.getByTestId('fb')).toBeTruthy();
  });

  it('loads at once when eager, or when the browser has no IntersectionObserver', () => {
    render(<LazyImage src="/e.jpg" alt="Eager" eager />);
    expect(screen.getByRole('img', { name: 'Eager' }).getAttribute('src')).toBe('/e.jpg');
    expect(FakeObserver.instances).toHaveLength(0);

    vi.stubGlobal('IntersectionObserver', undefined);
    render(<LazyImage src="/n.jpg" alt="No observer" />);
    expect(screen.getByRole('img', { name: 'No observer' }).getAttribute('src')).toBe('/n.jpg');
  });

  it('starts over at loading for a new source', () => {
    const { rerender } = render(<LazyImage src="/1.jpg" alt="A" eager />);
    const img = screen.getByRole('img', { name: 'A' });
    fireEvent.load(img);
    expect(wrapperOf(img).dataset.state).toBe('loaded');
    rerender(<LazyImage src="/2.jpg" alt="A" eager />);
    expect(wrapperOf(screen.getByRole('img', { name: 'A' })).dataset.state).toBe('loading');
  });
});
