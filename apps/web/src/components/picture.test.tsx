import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Picture } from './picture';

const sourcesOf = (container: HTMLElement) =>
  [...container.querySelectorAll('picture > source')].map((s) => ({ type: s.getAttribute('type'), srcset: s.getAttribute('srcset'), sizes: s.getAttribute('sizes') }));

describe('Picture', () => {
  it('offers a picture of the media server as WebP at every width up to its size, with the JPEG as the fallback', () => {
    const { container } = render(<Picture src="/media/images/video/3/370x206.jpg" variantsOf="/media/images/video/3/900x500.jpg" sizes="300px" alt="A film" width={370} height={206} />);
    const widths = (ext: string) =>
      [160, 240, 320, 480, 640].map((w) => `/media/images/video/3/900x500-${w}w.${ext} ${w}w`).concat(`/media/images/video/3/900x500.${ext} 900w`).join(', ');
    expect(sourcesOf(container)).toEqual([
      { type: 'image/webp', srcset: widths('webp'), sizes: '300px' },
    ]);
    const img = screen.getByRole('img', { name: 'A film' });
    expect(img.parentElement?.tagName).toBe('PICTURE');
    expect(img.getAttribute('src')).toBe('/media/images/video/3/370x206.jpg');
    expect(img.getAttribute('srcset')).toBe(widths('jpg'));
    expect(img.getAttribute('sizes')).toBe('300px');
  });

  it('asks for the picture’s own width when no sizes are given, and passes loading hints on to the img', () => {
    const { container } = render(<Picture src="/media/images/video/3/900x500.jpg" alt="" fetchPriority="high" />);
    expect(sourcesOf(container).map((s) => s.sizes)).toEqual(['(max-width: 900px) 100vw, 900px']);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });

  it('is a plain img for any other picture (an avatar, a live still)', () => {
    const { container } = render(<Picture src="/live/7/still.jpg?t=1" alt="Live" />);
    expect(container.querySelector('picture')).toBeNull();
    const img = screen.getByRole('img', { name: 'Live' });
    expect(img.getAttribute('src')).toBe('/live/7/still.jpg?t=1');
    expect(img.getAttribute('srcset')).toBeNull();
    expect(img.getAttribute('sizes')).toBeNull();
  });

  it('leaves every source out while deferred, so nothing loads yet', () => {
    const { container } = render(<Picture src="/media/images/model/2/510x660.jpg" alt="" deferred />);
    expect(sourcesOf(container).map((s) => s.srcset)).toEqual([null]);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBeNull();
    expect(img.getAttribute('srcset')).toBeNull();
  });
});
