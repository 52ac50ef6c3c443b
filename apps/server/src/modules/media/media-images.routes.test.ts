import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { CENSORED_IMAGE_COUNT } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authContextOf, createChapter, createImage } from '../../../test/factories';
import { buildTestApp, type TestApp, platformWith } from '../../../test/test-app';
import { createServices } from '../../composition/create-services';
import { seedCatalog, type SeededCatalog } from '../../demo/seed-catalog';
import type { AuthContext } from '../sessions/sessions.service';
import { ALLOWED_IMAGE_SIZES, censoredNumberFor, IMAGE_WORK_CONCURRENCY, imageWorkLoad } from './media-images';
import { mediaPaths } from './media-paths';

const viewer = (roles: string[] = []): AuthContext => authContextOf({ roles });

describe('GET /media/images/:kind/:id/:size.jpg', () => {
  let t: TestApp;
  let catalog: SeededCatalog;
  let imageId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    catalog = await t.deps.db.transaction((tx) => seedCatalog(tx, { models: 2, videos: 3, shoots: 1, now: new Date() }));
    const chapter = await createChapter(t, { shootId: catalog.shootIds[0]!, title: 'One' });
    imageId = (await createImage(t, { chapterId: chapter.id, width: 800, height: 1200 })).id;
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('serves every allowed size of every kind as a JPEG of exactly that size', async () => {
    const subjects: Array<[string, number]> = [
      ['video', catalog.videoIds[0]!],
      ['model', catalog.modelIds[0]!],
      ['shoot', catalog.shootIds[0]!],
      ['image', imageId],
    ];
    for (const [kind, id] of subjects) {
      for (const size of ['900x500', '370x206', '510x660', '400x400', '1280x853', '1280x720', '240x135', '160x90']) {
        const res = await get(`/media/images/${kind}/${id}/${size}.jpg`);
        expect(res.statusCode, `${kind} ${size}`).toBe(200);
        expect(res.headers['content-type']).toBe('image/jpeg');
        const meta = await sharp(res.rawPayload).metadata();
        expect(`${meta.format} ${meta.width}x${meta.height}`, `${kind} ${size}`).toBe(`jpeg ${size}`);
      }
    }
  });

  it('lets browsers and CDNs keep a picture for a year, with a validator for revalidation', async () => {
    const url = `/media/images/video/${catalog.videoIds[1]}/370x206.jpg`;
    const res = await get(url);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const again = await get(url, { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('renders once and keeps the result on disk, in DATA_DIR/media/cache', async () => {
    const id = catalog.videoIds[2]!;
    const file = mediaPaths(t.deps.config.dataDir).cachedImage('video', id, '240x135');
    await expect(fs.access(file)).rejects.toThrow();
    const first = await get(`/media/images/video/${id}/240x135.jpg`);
    const stat = await fs.stat(file);
    const second = await get(`/media/images/video/${id}/240x135.jpg`);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await fs.stat(file)).mtimeMs).toBe(stat.mtimeMs);
  });

  it('gives concurrent first requests the same whole picture, and leaves no temporary files', async () => {
    const id = catalog.modelIds[1]!;
    const responses = await Promise.all(Array.from({ length: 12 }, () => get(`/media/images/model/${id}/510x660.jpg`)));
    for (const res of responses) {
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(responses[0]!.rawPayload)).toBe(true);
    }
    const dir = path.dirname(mediaPaths(t.deps.config.dataDir).cachedImage('model', id, '510x660'));
    expect(await fs.readdir(dir)).toEqual(['510x660.jpg']);
  });

  it('cuts sizes from a stored original when there is one', async () => {
    const id = catalog.shootIds[0]!;
    const original = mediaPaths(t.deps.config.dataDir).original('shoot', id);
    await fs.mkdir(path.dirname(original), { recursive: true });
    await sharp({ create: { width: 1600, height: 1000, channels: 3, background: { r: 220, g: 20, b: 20 } } }).jpeg().toFile(original);
    const res = await get(`/media/images/shoot/${id}/853x1280.jpg`);
    const { dominant } = await sharp(res.rawPayload).stats();
    expect(dominant.r).toBeGreaterThan(180);
    expect(dominant.g).toBeLessThan(80);
  });

  it('names the allowed sizes for an unknown size', async () => {
    for (const file of ['123x45.jpg', '900x500.png', '900x500', 'x.jpg', '99999x99999.jpg']) {
      const res = await get(`/media/images/video/${catalog.videoIds[0]}/${file}`);
      expect(res.statusCode, file).toBe(404);
      expect(res.json().error.message).toContain(ALLOWED_IMAGE_SIZES.join(', '));
    }
  });

  it('serves each size as WebP and AVIF too, and at every narrower width of the ladder, each of exactly its pixels', async () => {
    const id = catalog.videoIds[0]!;
    const cases: Array<[string, string, string]> = [
      ['900x500.webp', 'image/webp', 'webp 900x500'],
      ['900x500.avif', 'image/avif', 'heif 900x500'],
      ['900x500-480w.webp', 'image/webp', 'webp 480x267'],
      ['900x500-160w.avif', 'image/avif', 'heif 160x89'],
      ['370x206-320w.jpg', 'image/jpeg', 'jpeg 320x178'],
      ['510x660-240w.webp', 'image/webp', 'webp 240x311'],
    ];
    for (const [file, type, expected] of cases) {
      const res = await get(`/media/images/video/${id}/${file}`);
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['content-type'], file).toBe(type);
      expect(res.headers['cache-control'], file).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect(`${meta.format} ${meta.width}x${meta.height}`, file).toBe(expected);
    }
  });

  it('makes the modern formats smaller than the JPEG of the same size', async () => {
    const id = catalog.shootIds[0]!;
    const bytes = async (file: string) => (await get(`/media/images/shoot/${id}/${file}`)).rawPayload.length;
    const jpeg = await bytes('900x500.jpg');
    expect(await bytes('900x500.webp')).toBeLessThan(jpeg);
    expect(await bytes('900x500.avif')).toBeLessThan(jpeg);
  });

  it('names the wrong part of a file name: the formats for an unknown format, the widths for a width not on the ladder', async () => {
    const id = catalog.videoIds[0]!;
    const cases: Array<[string, string, string]> = [
      ['900x500.png', 'format', 'No image format "png": formats are jpg, webp, avif'],
      ['900x500.gif', 'format', 'formats are jpg, webp, avif'],
      ['900x500-500w.webp', 'width', 'No width 500w of 900x500: its narrower widths are 160, 240, 320, 480, 640'],
      ['900x500-900w.webp', 'width', 'its narrower widths are 160, 240, 320, 480, 640'],
      ['370x206-480w.avif', 'width', 'No width 480w of 370x206: its narrower widths are 160, 240, 320'],
      ['160x90-160w.jpg', 'width', 'it has no narrower width'],
      ['123x45.webp', 'size', 'No image size "123x45": sizes are'],
    ];
    for (const [file, field, message] of cases) {
      const res = await get(`/media/images/video/${id}/${file}`);
      expect(res.statusCode, file).toBe(404);
      expect(res.json().error.message, file).toContain(message);
      expect(Object.keys(res.json().error.fields), file).toEqual([field]);
    }
  });

  it('renders at most IMAGE_WORK_CONCURRENCY pictures at a time, however many are asked for at once', async () => {
    const id = catalog.modelIds[0]!;
    let most = 0;
    let sampling = true;
    const sample = async () => {
      while (sampling) {
        most = Math.max(most, imageWorkLoad().active);
        await new Promise((r) => setImmediate(r));
      }
    };
    const sampler = sample();
    const files = ['160w', '240w', '320w', '480w'].flatMap((w) => ['jpg', 'webp', 'avif'].map((f) => `510x660-${w}.${f}`));
    const responses = await Promise.all(files.map((file) => get(`/media/images/model/${id}/${file}`)));
    sampling = false;
    await sampler;
    expect(responses.map((r) => r.statusCode)).toEqual(files.map(() => 200));
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(IMAGE_WORK_CONCURRENCY);
    expect(imageWorkLoad()).toEqual({ active: 0, queued: 0 });
  });

  it('answers 404 for an unknown kind and for a row that does not exist, 400 for an id that is no id', async () => {
    expect((await get('/media/images/gallery/1/900x500.jpg')).statusCode).toBe(404);
    expect((await get('/media/images/video/2147483000/900x500.jpg')).statusCode).toBe(404);
    expect((await get(`/media/images/image/${imageId + 1000}/900x500.jpg`)).statusCode).toBe(404);
    expect((await get('/media/images/video/%2e%2e/900x500.jpg')).statusCode).toBe(404);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '1e3']) {
      const res = await get(`/media/images/video/${id}/900x500.jpg`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().error.fields).toHaveProperty('id');
    }
  });

  it('serves nothing of DATA_DIR as a static file', async () => {
    const paths = mediaPaths(t.deps.config.dataDir);
    const cached = path.relative(paths.root, paths.cachedImage('video', catalog.videoIds[0]!, '900x500'));
    expect((await get(`/media/${cached}`)).statusCode).toBe(404);
    expect((await get(`/media/originals/shoot/${catalog.shootIds[0]}.jpg`)).statusCode).toBe(404);
    t.services.media.hlsUrl(1, null); // makes the signing key exist
    const key = await fs.readFile(paths.signingKey, 'utf8');
    for (const url of ['/media/../secrets/media-signing.key', '/media/%2e%2e/secrets/media-signing.key', '/media/images/..%2F..%2Fsecrets/media-signing.key']) {
      const res = await get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toContain(key);
    }
  });
});

describe('GET /media/censored/:n/:size.jpg', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('serves each of the 14 placeholders at an allowed size, different from each other', async () => {
    const seen = new Set<string>();
    for (let n = 1; n <= CENSORED_IMAGE_COUNT; n++) {
      const res = await t.app.inject({ method: 'GET', url: `/media/censored/${n}/370x206.jpg` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect(`${meta.width}x${meta.height}`).toBe('370x206');
      seen.add(res.rawPayload.toString('base64'));
    }
    expect(seen.size).toBe(CENSORED_IMAGE_COUNT);
  });

  it('serves a placeholder as WebP and AVIF and at narrower widths too', async () => {
    for (const [file, expected] of [['370x206.webp', 'webp 370x206'], ['900x500-320w.avif', 'heif 320x178'], ['400x400-240w.jpg', 'jpeg 240x240']]) {
      const res = await t.app.inject({ method: 'GET', url: `/media/censored/2/${file}` });
      expect(res.statusCode, file).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect(`${meta.format} ${meta.width}x${meta.height}`, file).toBe(expected);
    }
    const bad = await t.app.inject({ method: 'GET', url: '/media/censored/2/370x206.bmp' });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().error.message).toContain('No image format "bmp"');
  });

  it('refuses numbers outside 1 to 14, non-numbers and unknown sizes', async () => {
    const status = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
    expect(await status('/media/censored/0/900x500.jpg')).toBe(404);
    expect(await status('/media/censored/15/900x500.jpg')).toBe(404);
    expect(await status('/media/censored/x/900x500.jpg')).toBe(400);
    expect(await status('/media/censored/3/901x500.jpg')).toBe(404);
  });
});

describe('imageUrl', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('builds same-origin URLs, or CDN URLs when CDN_URL is set', () => {
    expect(t.services.media.imageUrl('video', 7, '900x500', null)).toBe('/media/images/video/7/900x500.jpg');
    expect(t.services.media.imageUrl('image', 3, '400x400', viewer())).toBe('/media/images/image/3/400x400.jpg');
    const cdn = createServices(platformWith(t.deps, { config: { cdnUrl: 'https://cdn.example.com' } })).media;
    expect(cdn.imageUrl('model', 5, '510x660', null)).toBe('https://cdn.example.com/media/images/model/5/510x660.jpg');
  });

  it('gives a restricted viewer a censored placeholder: stable per picture, spread over 1 to 14', async () => {
    const media = t.services.media;
    const restricted = viewer(['writer', 'censored']);
    const url = media.imageUrl('video', 7, '900x500', restricted);
    expect(url).toMatch(/^\/media\/censored\/(\d+)\/900x500\.jpg$/);
    expect(media.imageUrl('video', 7, '900x500', restricted)).toBe(url);
    expect(media.imageUrl('video', 7, '370x206', restricted)).toBe(url.replace('900x500', '370x206'));
    const numbers = new Set(Array.from({ length: 200 }, (_, id) => censoredNumberFor('video', id + 1)));
    expect(Math.min(...numbers)).toBe(1);
    expect(Math.max(...numbers)).toBe(CENSORED_IMAGE_COUNT);
    expect(numbers.size).toBe(CENSORED_IMAGE_COUNT);
    // And the URL it gives is served.
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });
});
