// The modern copies of a sized picture (decision record 054). The API hands out JPEG URLs of fixed sizes
// (`…/900x500.jpg`, product §3); beside each the media server serves the same crop as WebP and AVIF, and narrower
// copies of it for `srcset`: `…/900x500.webp`, `…/900x500-480w.avif`. The web derives these names from the URL
// it was given, so no contract changes; the server accepts exactly these names and nothing else.

/** The formats of a sized picture: JPEG (the API's), then the modern ones. */
export const IMAGE_FORMATS = ['jpg', 'webp', 'avif'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = { jpg: 'image/jpeg', webp: 'image/webp', avif: 'image/avif' };

/** Widths a size is also served at (same crop, scaled down): every one below the size's own width. */
export const IMAGE_VARIANT_WIDTHS = [160, 240, 320, 480, 640, 960, 1280] as const;

/** A file name of a sized picture, split: `<W>x<H>[-<w>w].<format>`. */
export interface ImageVariantName {
  /** The size the API names, `<W>x<H>`. */
  size: string;
  width: number;
  height: number;
  /** The narrower width asked for, or null for the size itself. */
  scaledWidth: number | null;
  format: string;
}

const FILE = /^(\d{1,5})x(\d{1,5})(?:-(\d{1,5})w)?\.([A-Za-z0-9]{1,8})$/;

/** Splits a picture's file name; null when it is not of the form `<W>x<H>[-<w>w].<format>`. */
export function parseImageVariantName(file: string): ImageVariantName | null {
  const m = FILE.exec(file);
  if (!m) return null;
  return { size: `${m[1]}x${m[2]}`, width: Number(m[1]), height: Number(m[2]), scaledWidth: m[3] === undefined ? null : Number(m[3]), format: m[4]! };
}

export const isImageFormat = (format: string): format is ImageFormat => (IMAGE_FORMATS as readonly string[]).includes(format);

/** The narrower widths a size of this width is served at. */
export const variantWidthsBelow = (width: number): number[] => IMAGE_VARIANT_WIDTHS.filter((w) => w < width);

/** The pixel size of a variant: the size itself, or scaled to `scaledWidth` with its aspect ratio. */
export function variantPixels(v: Pick<ImageVariantName, 'width' | 'height' | 'scaledWidth'>): { width: number; height: number } {
  if (v.scaledWidth === null) return { width: v.width, height: v.height };
  return { width: v.scaledWidth, height: Math.max(1, Math.round((v.scaledWidth * v.height) / v.width)) };
}

export const imageVariantName = (size: string, format: ImageFormat, scaledWidth: number | null = null): string =>
  `${size}${scaledWidth === null ? '' : `-${scaledWidth}w`}.${format}`;

/** A `srcset` per format for a sized picture's URL. */
export interface PictureSources {
  avif: string;
  webp: string;
  jpg: string;
  /** The widest width in the sets (the size's own). */
  width: number;
  height: number;
}

// A sized picture of the media server, on this origin or a CDN, with or without a query (`/media/images/video/3/
// 900x500.jpg`, `https://cdn…/media/censored/4/370x206.jpg`).
const SIZED_URL = /^(.*\/media\/(?:images\/[a-z]+\/\d+|censored\/\d+)\/)(\d{1,5}x\d{1,5})\.jpg(\?[^#]*)?$/;

/**
 * The `srcset` of every format for the sized picture at `url`: the narrower widths below its own and its own. Null for
 * a URL that is no sized picture of the media server (an avatar, a live still, another host's picture): use it as is.
 */
export function pictureSourcesOf(url: string | null | undefined): PictureSources | null {
  const m = url ? SIZED_URL.exec(url) : null;
  if (!m) return null;
  const [, prefix, size, query = ''] = m;
  const v = parseImageVariantName(`${size}.jpg`)!;
  const widths = [...variantWidthsBelow(v.width), v.width];
  const set = (format: ImageFormat) =>
    widths.map((w) => `${prefix}${imageVariantName(size!, format, w === v.width ? null : w)}${query} ${w}w`).join(', ');
  return { avif: set('avif'), webp: set('webp'), jpg: set('jpg'), width: v.width, height: v.height };
}
