import fs from 'node:fs/promises';
import sharp from 'sharp';
import { BO_UPLOAD_FORMATS } from '@velora/shared';
import { forgetSizes, writeAtomically, type ImageKind } from './media-images';
import type { MediaPaths } from './media-paths';
import { conflict } from '../../lib/http-error';

// Pictures the team uploads (decision record 075): judged by their content (what libvips decodes, never the name or
// the browser's type), turned upright, bounded in size and stored as the JPEG original every size is cut from.

/** The longest side an original keeps: larger than any size served, small enough to keep the disk in check. */
const ORIGINAL_MAX_SIDE = 4096;
/** A picture of more pixels is refused before it is decoded (a small file can claim a huge canvas). */
const MAX_INPUT_PIXELS = 80_000_000;
const ORIGINAL_QUALITY = 92;

export interface PreparedImage {
  data: Buffer;
  width: number;
  height: number;
}

/** Why an upload is not a picture we take: its message names what is wrong. */
export class UnsupportedImage extends Error {}

/** Decodes an uploaded file and makes its original; throws UnsupportedImage when it is not a JPEG, PNG or WebP picture. */
export async function prepareUpload(input: Buffer): Promise<PreparedImage> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw new UnsupportedImage('is not a picture (JPEG, PNG or WebP)');
  }
  if (!format || !(BO_UPLOAD_FORMATS as readonly string[]).includes(format)) {
    throw new UnsupportedImage(`is ${format ?? 'not a picture'}: pictures must be JPEG, PNG or WebP`);
  }
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(ORIGINAL_MAX_SIDE, ORIGINAL_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: ORIGINAL_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    // A truncated or damaged file passes the header check and fails here.
    throw new UnsupportedImage('could not be read as a picture (damaged or cut short)');
  }
}

/** Stores a new original of a picture and drops every size cut from the old one. */
export async function storeOriginal(paths: MediaPaths, kind: ImageKind, id: number, data: Buffer): Promise<void> {
  await writeAtomically(paths.original(kind, id), data);
  await forgetSizes(paths, kind, id);
}

/**
 * Copies one picture's original to another (a gallery image becomes the shoot's cover). `source` is the file to copy:
 * the stored original, or the drawn one of a row that never had a file (the demo's pictures); null is a 409.
 */
export async function copyOriginal(paths: MediaPaths, source: string | null, from: { kind: ImageKind; id: number }, to: { kind: ImageKind; id: number }): Promise<void> {
  if (!source) throw conflict(`The ${from.kind} ${from.id} has no picture to copy: upload it again`);
  await storeOriginal(paths, to.kind, to.id, await fs.readFile(source));
}

/** Removes a picture's original and its sizes. */
export async function removeOriginal(paths: MediaPaths, kind: ImageKind, id: number): Promise<void> {
  await fs.rm(paths.original(kind, id), { force: true });
  await forgetSizes(paths, kind, id);
}
