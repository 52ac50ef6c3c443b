import sharp from 'sharp';
import type { ImageKind, MissingOriginalDrawer } from '../modules/media/media.service';
import { createRandom, type Random } from './seed-catalog';

// Neutral generated pictures (gradients and geometric patterns), so the demo looks like a catalog without holding
// any real photo. Nothing is written at seed time: the image endpoint draws a demo row's picture the first time one
// of its sizes is asked for (the composition root hands drawDemoOriginal to the media service), so seeding stays
// quick however many pictures the catalog has.

const KIND_SEED: Record<ImageKind, number> = { video: 1, model: 2, shoot: 3, image: 4, playdate: 5 };

/** The size a demo picture is drawn at; every served size is cut from it, so all sizes show the same picture. */
export function seedOriginalSize(kind: ImageKind, natural?: { width: number; height: number }): { width: number; height: number } {
  if (kind === 'image' && natural && natural.width > 0 && natural.height > 0) {
    const scale = Math.min(1, 1280 / Math.max(natural.width, natural.height));
    return { width: Math.max(1, Math.round(natural.width * scale)), height: Math.max(1, Math.round(natural.height * scale)) };
  }
  // Drawing costs with the pixels (about 75 ms at 1280x720): big enough for every served size of a pattern.
  if (kind === 'model') return { width: 680, height: 880 };
  return { width: 1280, height: 720 };
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
  const rnd = createRandom(id * 7919 + KIND_SEED[kind]);
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

/** A demo picture as a high-quality JPEG at its drawing size: the "original" of a demo row. */
export async function renderSeedOriginal(kind: ImageKind, id: number, size = seedOriginalSize(kind)): Promise<Buffer> {
  return sharp(Buffer.from(seedImageSvg(kind, id, size.width, size.height)))
    .removeAlpha()
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** The media service's drawer of a row without a stored original: its demo picture, at a shoot image's own shape. */
export const drawDemoOriginal: MissingOriginalDrawer = (kind, id, natural) => renderSeedOriginal(kind, id, seedOriginalSize(kind, natural));
