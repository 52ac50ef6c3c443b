import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import {
  CENSORED_IMAGE_COUNT,
  IMAGE_FORMATS,
  IMAGE_QUALITY,
  IMAGE_SHARPEN,
  IMAGE_SIZES,
  imageVariantName,
  isImageFormat,
  parseImageVariantName,
  variantPixels,
  variantWidthsBelow,
  type ImageFormat,
} from '@velora/shared';
import { createConcurrencyLimit } from '../../lib/concurrency-limit';
import type { MediaPaths } from './media-paths';
import { mulberry32 } from '../../lib/mulberry32';

// Sized pictures, drawn with sharp from an original and cached on disk: each (kind, id, size, width, format) is
// rendered once. The disk is the cache: libvips's own cache of operations and open files would only keep pixels of
// pictures already written (decision record 054), so it is off, and at most IMAGE_WORK_CONCURRENCY pictures are
// decoded, resized or encoded at a time however many requests wait.
sharp.cache(false);

/** Pictures rendered at once (each on one libvips thread: sharp's default with glibc's allocator). */
export const IMAGE_WORK_CONCURRENCY = 2;
const imageWork = createConcurrencyLimit(IMAGE_WORK_CONCURRENCY);
/** Tasks of the image work queue, running and waiting (health of the limit, for the memory benchmark and tests). */
export const imageWorkLoad = () => ({ active: imageWork.active, queued: imageWork.queued });

/** playdate: one of the 8 generated playdate images (id = image_variant + 1), product §3's 900x500 and 370x206. */
export type ImageKind = 'video' | 'model' | 'shoot' | 'image' | 'playdate';
export const IMAGE_KINDS: readonly ImageKind[] = ['video', 'model', 'shoot', 'image', 'playdate'];

/**
 * Draws the original of a catalog row that has none stored (a shoot image's own size when known). The composition
 * root passes the demo's generated pictures; without it such a row has no picture.
 */
export type MissingOriginalDrawer = (kind: ImageKind, id: number, natural?: { width: number; height: number }) => Promise<Buffer>;

/** Every size the image endpoint serves: those of product §3, plus the player poster, gallery and small-thumbnail sizes. */
export const ALLOWED_IMAGE_SIZES: readonly string[] = [
  ...new Set<string>([
    ...Object.values(IMAGE_SIZES).flat(),
    '900x500', '370x206', '510x660', '400x400', '1280x853', '853x1280', '1280x720', '1920x1080', '240x135', '160x90',
  ]),
];
const ALLOWED = new Set(ALLOWED_IMAGE_SIZES);

export const isImageKind = (kind: string): kind is ImageKind => (IMAGE_KINDS as readonly string[]).includes(kind);
export const isAllowedSize = (size: string) => ALLOWED.has(size);

/** One file of a picture: a size of product §3 (or ours), a narrower width of it for srcset, and a format. */
export interface ImageVariant {
  size: string;
  width: number;
  height: number;
  scaledWidth: number | null;
  format: ImageFormat;
}

/** Why a file name names no picture: the part that is wrong, and a message that names what is allowed. */
export interface ImageVariantError {
  field: 'size' | 'width' | 'format';
  message: string;
}

/** The picture a file name asks for (`900x500.jpg`, `900x500.webp`, `900x500-480w.avif`), or what is wrong with it. */
export function imageVariantOf(file: string): ImageVariant | ImageVariantError {
  const sizes = ALLOWED_IMAGE_SIZES.join(', ');
  const formats = IMAGE_FORMATS.join(', ');
  const name = parseImageVariantName(file);
  if (!name || !isAllowedSize(name.size)) {
    const what = name ? `size "${name.size}"` : `"${file}"`;
    return { field: 'size', message: `No image ${what}: sizes are ${sizes} (as <width>x<height>.jpg; also .webp or .avif, and -<width>w for a narrower copy)` };
  }
  if (!isImageFormat(name.format)) {
    return { field: 'format', message: `No image format "${name.format}": formats are ${formats} (sizes are ${sizes})` };
  }
  if (name.scaledWidth !== null && !variantWidthsBelow(name.width).includes(name.scaledWidth)) {
    const widths = variantWidthsBelow(name.width);
    return {
      field: 'width',
      message: `No width ${name.scaledWidth}w of ${name.size}: ${widths.length > 0 ? `its narrower widths are ${widths.join(', ')}` : 'it has no narrower width'}`,
    };
  }
  return { size: name.size, width: name.width, height: name.height, scaledWidth: name.scaledWidth, format: name.format };
}

export const isImageVariant = (v: ImageVariant | ImageVariantError): v is ImageVariant => !('field' in v);

/** The file name of a variant (what the cache stores it as, and what the URL ends with). */
export const variantFile = (v: ImageVariant) => imageVariantName(v.size, v.format, v.scaledWidth);

/** The encoder of each format. WebP and AVIF at the qualities that look like JPEG at product §9's 85, at a fraction of its size. */
const ENCODE: Record<ImageFormat, (image: Sharp) => Sharp> = {
  jpg: (image) => image.jpeg({ quality: IMAGE_QUALITY }),
  webp: (image) => image.webp({ quality: 80, effort: 4 }),
  avif: (image) => image.avif({ quality: 55, effort: 2 }),
};

const exists = (file: string) => fs.access(file).then(() => true, () => false);

/** Writes through a uniquely named temporary file and a rename: a reader sees the old file, or all of the new one. */
export async function writeAtomically(file: string, data: Buffer): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await fs.writeFile(tmp, data);
    await fs.rename(tmp, file);
  } catch (error) {
    await fs.rm(tmp, { force: true });
    throw error;
  }
}

// Concurrent first requests for one file in this process share one rendering; across processes the rename decides.
const inflight = new Map<string, Promise<unknown>>();
function once<T>(key: string, produce: () => Promise<T>): Promise<T> {
  const running = inflight.get(key) as Promise<T> | undefined;
  if (running) return running;
  const started = produce().finally(() => inflight.delete(key));
  inflight.set(key, started);
  return started;
}

/** What the image endpoint needs to know of a row without an original: whether it exists, and a shoot image's size. */
export type ImageSubjectLookup = (kind: ImageKind, id: number) => Promise<{ width: number; height: number } | 'exists' | null>;

/** Where a picture's original comes from: the subject lookup, and the drawer of a row without a stored original. */
export interface OriginalSource {
  lookup: ImageSubjectLookup;
  drawMissing?: MissingOriginalDrawer;
}

/** The file to cut sizes from: the original if one was stored, else the drawn picture of an existing row, else null. */
export async function originalOf(paths: MediaPaths, kind: ImageKind, id: number, source: OriginalSource): Promise<string | null> {
  const original = paths.original(kind, id);
  if (await exists(original)) return original;
  const generated = paths.generatedOriginal(kind, id);
  if (await exists(generated)) return generated;
  const draw = source.drawMissing;
  if (!draw) return null;
  const subject = await source.lookup(kind, id);
  if (!subject) return null;
  return once(generated, async () => {
    await writeAtomically(generated, await imageWork(() => draw(kind, id, subject === 'exists' ? undefined : subject)));
    return generated;
  });
}

/** The cached file of one variant of a picture, rendered now if need be; null when there is no such picture. */
export async function sizedImage(paths: MediaPaths, kind: ImageKind, id: number, variant: ImageVariant, origin: OriginalSource): Promise<string | null> {
  const file = paths.cachedImage(kind, id, variantFile(variant));
  if (await exists(file)) return file;
  return once(file, async () => {
    // Drawn first, outside the turn taken below: drawing takes its own turn (a turn inside a turn could wait forever).
    const source = await originalOf(paths, kind, id, origin);
    if (!source) return null;
    const { width, height } = variantPixels(variant);
    const data = await imageWork(() =>
      ENCODE[variant.format](sharp(source).rotate().resize(width, height, { fit: 'cover' }).sharpen({ sigma: IMAGE_SHARPEN })).toBuffer(),
    );
    await writeAtomically(file, data);
    return file;
  });
}

/** Removes every cached size of a picture, after its original changed. */
export async function forgetSizes(paths: MediaPaths, kind: ImageKind, id: number): Promise<void> {
  await fs.rm(paths.cachedImageDir(kind, id), { recursive: true, force: true });
}

/** Seeded (mulberry32): the same placeholder number always gives the same picture. */
const random = mulberry32;

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

/** A censored placeholder: a coarse, blurred mosaic of muted colours behind a crossed-out eye. No text, no picture. */
async function renderCensored(n: number, width: number, height: number, format: ImageFormat): Promise<Buffer> {
  const rnd = random(n * 2654435761);
  const cols = 14;
  const rows = Math.max(1, Math.round((cols * height) / width));
  const hue = (n * 360) / CENSORED_IMAGE_COUNT;
  const cells = Buffer.alloc(cols * rows * 3);
  for (let i = 0; i < cols * rows; i++) {
    const [r, g, b] = hslToRgb((hue + rnd() * 40) % 360, 0.12 + rnd() * 0.18, 0.28 + rnd() * 0.3);
    cells[i * 3] = r;
    cells[i * 3 + 1] = g;
    cells[i * 3 + 2] = b;
  }
  const unit = Math.min(width, height);
  const cx = width / 2;
  const cy = height / 2;
  const eye = unit * 0.16;
  const stroke = Math.max(1.5, unit * 0.018);
  const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect x="0" y="${cy - unit * 0.16}" width="${width}" height="${unit * 0.32}" fill="#000" opacity="0.35"/>
<g fill="none" stroke="#fff" stroke-opacity="0.85" stroke-width="${stroke}" stroke-linecap="round">
  <path d="M ${cx - eye} ${cy} Q ${cx} ${cy - eye * 0.75} ${cx + eye} ${cy} Q ${cx} ${cy + eye * 0.75} ${cx - eye} ${cy} Z"/>
  <circle cx="${cx}" cy="${cy}" r="${eye * 0.28}"/>
  <line x1="${cx - eye * 0.8}" y1="${cy + eye * 0.65}" x2="${cx + eye * 0.8}" y2="${cy - eye * 0.65}"/>
</g>
</svg>`;
  const image = sharp(cells, { raw: { width: cols, height: rows, channels: 3 } })
    .resize(width, height, { fit: 'fill', kernel: 'nearest' })
    .blur(Math.max(0.5, unit / 60))
    .composite([{ input: Buffer.from(overlay) }]);
  return ENCODE[format](image).toBuffer();
}

/** The cached file of censored placeholder `n` (1 to CENSORED_IMAGE_COUNT) as `variant`, rendered now if need be. */
export async function censoredImage(paths: MediaPaths, n: number, variant: ImageVariant): Promise<string> {
  const file = paths.censored(n, variantFile(variant));
  if (await exists(file)) return file;
  return once(file, async () => {
    const { width, height } = variantPixels(variant);
    await writeAtomically(file, await imageWork(() => renderCensored(n, width, height, variant.format)));
    return file;
  });
}

/** The placeholder a restricted viewer sees for a picture: spread over 1..14, the same for the same picture. */
export function censoredNumberFor(kind: string, id: number): number {
  // FNV-1a of "kind:id".
  let hash = 0x811c9dc5;
  for (const ch of `${kind}:${id}`) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return (hash % CENSORED_IMAGE_COUNT) + 1;
}
