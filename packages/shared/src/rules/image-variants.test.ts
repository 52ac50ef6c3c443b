import { describe, expect, it } from 'vitest';
import { imageVariantName, parseImageVariantName, pictureSourcesOf, variantPixels, variantWidthsBelow } from './image-variants';

describe('parseImageVariantName', () => {
  it.each([
    ['900x500.jpg', { size: '900x500', width: 900, height: 500, scaledWidth: null, format: 'jpg' }],
    ['900x500.webp', { size: '900x500', width: 900, height: 500, scaledWidth: null, format: 'webp' }],
    ['370x206-240w.avif', { size: '370x206', width: 370, height: 206, scaledWidth: 240, format: 'avif' }],
    ['900x500.png', { size: '900x500', width: 900, height: 500, scaledWidth: null, format: 'png' }],
  ])('splits %s', (file, parts) => {
    expect(parseImageVariantName(file)).toEqual(parts);
  });

  it.each(['900x500', 'x.jpg', '900x500-w.webp', '900x500-480.webp', '../900x500.jpg', '900x500.jpg.webp', '900x500-480w-240w.jpg'])(
    'finds no picture name in %s',
    (file) => {
      expect(parseImageVariantName(file)).toBeNull();
    },
  );
});

describe('variants', () => {
  it('offers the narrower widths below a size only', () => {
    expect(variantWidthsBelow(900)).toEqual([160, 240, 320, 480, 640]);
    expect(variantWidthsBelow(370)).toEqual([160, 240, 320]);
    expect(variantWidthsBelow(160)).toEqual([]);
  });

  it('keeps the aspect ratio of the size when scaling', () => {
    expect(variantPixels({ width: 900, height: 500, scaledWidth: null })).toEqual({ width: 900, height: 500 });
    expect(variantPixels({ width: 900, height: 500, scaledWidth: 480 })).toEqual({ width: 480, height: 267 });
    expect(variantPixels({ width: 510, height: 660, scaledWidth: 320 })).toEqual({ width: 320, height: 414 });
  });

  it('names a variant the way it is parsed', () => {
    expect(imageVariantName('900x500', 'webp')).toBe('900x500.webp');
    expect(imageVariantName('900x500', 'avif', 480)).toBe('900x500-480w.avif');
    expect(parseImageVariantName(imageVariantName('510x660', 'webp', 320))).toMatchObject({ size: '510x660', scaledWidth: 320, format: 'webp' });
  });
});

describe('pictureSourcesOf', () => {
  it('gives a srcset per format for a sized picture of the media server, its own width last', () => {
    expect(pictureSourcesOf('/media/images/video/3/370x206.jpg')).toEqual({
      avif: '/media/images/video/3/370x206-160w.avif 160w, /media/images/video/3/370x206-240w.avif 240w, /media/images/video/3/370x206-320w.avif 320w, /media/images/video/3/370x206.avif 370w',
      webp: '/media/images/video/3/370x206-160w.webp 160w, /media/images/video/3/370x206-240w.webp 240w, /media/images/video/3/370x206-320w.webp 320w, /media/images/video/3/370x206.webp 370w',
      jpg: '/media/images/video/3/370x206-160w.jpg 160w, /media/images/video/3/370x206-240w.jpg 240w, /media/images/video/3/370x206-320w.jpg 320w, /media/images/video/3/370x206.jpg 370w',
      width: 370,
      height: 206,
    });
  });

  it('keeps the host of a CDN and a query, and knows the censored placeholders', () => {
    const sources = pictureSourcesOf('https://cdn.example.com/media/censored/4/400x400.jpg?v=2');
    expect(sources?.webp.split(', ')).toEqual([
      'https://cdn.example.com/media/censored/4/400x400-160w.webp?v=2 160w',
      'https://cdn.example.com/media/censored/4/400x400-240w.webp?v=2 240w',
      'https://cdn.example.com/media/censored/4/400x400-320w.webp?v=2 320w',
      'https://cdn.example.com/media/censored/4/400x400.webp?v=2 400w',
    ]);
  });

  it.each([null, undefined, '', '/media/avatars/3.svg', '/live/7/still.jpg', 'https://example.com/pic/900x500.jpg', '/media/images/video/3/900x500.webp'])(
    'leaves %s alone (no sized picture of the media server)',
    (url) => {
      expect(pictureSourcesOf(url)).toBeNull();
    },
  );
});
