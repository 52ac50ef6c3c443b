import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_QUALITY, IMAGE_SHARPEN, IMAGE_SIZES } from '@velora/shared';
import { createRandom, type Random } from './seed-catalog';

// Neutral generated pictures (gradients and geometric patterns) at the sizes of SPEC §3, so the demo looks
// like a catalog without holding any real photo. Each picture is drawn once at its largest size and scaled.

export type ImageKind = 'video' | 'model' | 'shoot';

const SIZES: Record<ImageKind, readonly string[]> = {
  video: IMAGE_SIZES.videoThumbnail,
  model: IMAGE_SIZES.modelImage,
  shoot: IMAGE_SIZES.shootCover,
};

const parseSize = (size: string) => {
  const [w, h] = size.split('x').map(Number);
  return { width: w!, height: h! };
};

/** Where an image lives under DATA_DIR; served at /media/images/<kind>/<id>/<size>.jpg. */
export function seedImagePath(dataDir: string, kind: ImageKind, id: number, size: string): string {
  return path.join(dataDir, 'media', 'images', kind, String(id), `${size}.jpg`);
}

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h) % 360},${Math.round(s)}%,${Math.round(l)}%)`;

function pattern(rnd: Random, width: number, height: number, hue: number): string {
  const shapes: string[] = [];
  const style = rnd.int(0, 3);
  const colour = () => hsl(hue + rnd.int(-40, 40), rnd.int(40, 80), rnd.int(55, 85));
  if (style === 0) {
    // Concentric rings around an off-centre point.
    const cx = rnd.int(0, width);
    const cy = rnd.int(0, height);
    for (let r = Math.max(width, height); r > 20; r -= rnd.int(30, 70)) {
      shapes.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${colour()}" stroke-width="${rnd.int(4, 18)}" opacity="0.35"/>`);
    }
  } else if (style === 1) {
    // Diagonal stripes.
    const step = rnd.int(40, 90);
    for (let x = -height; x < width + height; x += step) {
      shapes.push(`<polygon points="${x},0 ${x + step / 2},0 ${x + step / 2 + height},${height} ${x + height},${height}" fill="${colour()}" opacity="0.25"/>`);
    }
  } else if (style === 2) {
    // Soft out-of-focus discs.
    for (let i = 0; i < 28; i++) {
      shapes.push(`<circle cx="${rnd.int(0, width)}" cy="${rnd.int(0, height)}" r="${rnd.int(12, Math.round(height / 4))}" fill="${colour()}" opacity="${(0.15 + rnd.next() * 0.35).toFixed(2)}"/>`);
    }
  } else {
    // A loose mosaic of triangles.
    const cell = rnd.int(90, 160);
    for (let y = 0; y < height; y += cell) {
      for (let x = 0; x < width; x += cell) {
        if (rnd.next() < 0.45) continue;
        const up = rnd.next() < 0.5;
        const pts = up ? `${x},${y + cell} ${x + cell / 2},${y} ${x + cell},${y + cell}` : `${x},${y} ${x + cell},${y} ${x + cell / 2},${y + cell}`;
        shapes.push(`<polygon points="${pts}" fill="${colour()}" opacity="0.3"/>`);
      }
    }
  }
  return shapes.join('');
}

/** The SVG of one picture; the same kind and id always give the same picture. */
export function seedImageSvg(kind: ImageKind, id: number, width: number, height: number): string {
  const rnd = createRandom(id * 7919 + (kind === 'video' ? 1 : kind === 'model' ? 2 : 3));
  const hue = rnd.int(0, 359);
  const from = hsl(hue, rnd.int(45, 75), rnd.int(25, 40));
  const to = hsl(hue + rnd.int(30, 120), rnd.int(45, 75), rnd.int(45, 65));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
  <linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
  <radialGradient id="v" cx="0.5" cy="0.45" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></radialGradient>
</defs>
<rect width="100%" height="100%" fill="url(#g)"/>
${pattern(rnd, width, height, hue)}
<rect width="100%" height="100%" fill="url(#v)"/>
</svg>`;
}

const exists = (file: string) => fs.access(file).then(() => true, () => false);

async function writeAtomically(file: string, data: Buffer) {
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(tmp, data);
  await fs.rename(tmp, file);
}

/** Draws one picture at its largest size and writes every size of its kind; sizes already on disk are kept. */
async function renderImage(dataDir: string, kind: ImageKind, id: number): Promise<number> {
  const sizes = SIZES[kind].map((s) => ({ name: s, ...parseSize(s), file: seedImagePath(dataDir, kind, id, s) }));
  const missing = (await Promise.all(sizes.map(async (s) => ((await exists(s.file)) ? null : s)))).filter((s) => s !== null);
  if (missing.length === 0) return 0;
  const largest = sizes.reduce((a, b) => (a.width * a.height >= b.width * b.height ? a : b));
  const { data, info } = await sharp(Buffer.from(seedImageSvg(kind, id, largest.width, largest.height)))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  await fs.mkdir(path.dirname(largest.file), { recursive: true });
  await Promise.all(
    missing.map(async (s) => {
      let image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
      if (s.width !== info.width || s.height !== info.height) {
        image = image.resize(s.width, s.height, { fit: 'cover' }).sharpen({ sigma: IMAGE_SHARPEN });
      }
      await writeAtomically(s.file, await image.jpeg({ quality: IMAGE_QUALITY, mozjpeg: false }).toBuffer());
    }),
  );
  return missing.length;
}

export interface SeedImageIds {
  videos: readonly number[];
  models: readonly number[];
  shoots: readonly number[];
}

/**
 * Generates the demo pictures for the given ids under DATA_DIR/media/images. A few at a time: each one
 * already keeps libvips' threads busy, and more in flight would only cost memory.
 */
export async function generateSeedImages(
  dataDir: string,
  ids: SeedImageIds,
  opts: { concurrency?: number; log?: (msg: string) => void } = {},
): Promise<{ files: number }> {
  const jobs: Array<[ImageKind, number]> = [
    ...ids.videos.map((id): [ImageKind, number] => ['video', id]),
    ...ids.models.map((id): [ImageKind, number] => ['model', id]),
    ...ids.shoots.map((id): [ImageKind, number] => ['shoot', id]),
  ];
  const concurrency = Math.max(1, opts.concurrency ?? Math.min(4, os.availableParallelism() + 1));
  let next = 0;
  let files = 0;
  let done = 0;
  const step = Math.max(1, Math.ceil(jobs.length / 4));
  const worker = async () => {
    while (next < jobs.length) {
      const [kind, id] = jobs[next++]!;
      const written = await renderImage(dataDir, kind, id);
      files += written;
      done++;
      if (opts.log && done % step === 0 && done < jobs.length) opts.log(`Demo images: ${done}/${jobs.length}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
  return { files };
}
