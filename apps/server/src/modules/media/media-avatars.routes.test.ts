import sharp from 'sharp';
import { AVATAR_MAX, avatarPath } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { mediaUrl } from '../../lib/media-url';
import { identiconSvg, numberedAvatarSvg } from './media-avatars';

describe('GET /media/avatars (product §3 avatar rule)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  /** A served avatar: an SVG that renders to a 64×64 picture. */
  async function expectSvg(url: string): Promise<string> {
    const res = await get(url);
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type'], url).toMatch(/^image\/svg\+xml/);
    const meta = await sharp(res.rawPayload).metadata();
    expect(`${meta.format} ${meta.width}x${meta.height}`, url).toBe('svg 64x64');
    return res.body;
  }

  it('serves the default, all forty chosen designs and an account one, at the URLs the avatar rule names', async () => {
    for (const avatar of [null, 0, 1, 17, AVATAR_MAX]) {
      // The URL the API hands out (without a CDN) is the one served here.
      await expectSvg(mediaUrl({ cdnUrl: undefined }, avatarPath(42, avatar)));
    }
  });

  it('gives every one of the forty designs its own picture, and the same picture every time', async () => {
    const bodies = new Set<string>();
    for (let n = 1; n <= AVATAR_MAX; n++) bodies.add(await expectSvg(`/media/avatars/${n}.svg`));
    expect(bodies.size).toBe(AVATAR_MAX);
    expect(bodies.has(await expectSvg('/media/avatars/default.svg'))).toBe(false);
    expect((await get('/media/avatars/9.svg')).body).toBe(numberedAvatarSvg(9));
  });

  it('draws each account its own stable identicon, mirrored left to right, from the id alone', async () => {
    const first = await expectSvg('/media/avatars/users/42.svg');
    expect(await expectSvg('/media/avatars/users/42.svg')).toBe(first);
    const others = new Set<string>([first]);
    for (let id = 1; id <= 30; id++) if (id !== 42) others.add(identiconSvg(id));
    // Hash collisions are possible in principle; among 30 ids, nearly all must differ.
    expect(others.size).toBeGreaterThanOrEqual(29);
    for (const id of [1, 42, 999_999, 2_147_483_647]) {
      const cells = [...identiconSvg(id).matchAll(/<rect x="(\d+)" y="(\d+)" width="10"/g)].map(([, x, y]) => `${x},${y}`);
      expect(cells.length, String(id)).toBeGreaterThan(0);
      const set = new Set(cells);
      for (const cell of cells) {
        const [x, y] = cell.split(',').map(Number) as [number, number];
        expect(set.has(`${7 + 50 - 10 - (x - 7)},${y}`), `${id}: ${cell} mirrored`).toBe(true);
      }
    }
  });

  it('lets browsers and CDNs keep an avatar for good, with a validator, and keeps the SVG inert', async () => {
    const res = await get('/media/avatars/3.svg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{16}"$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).not.toMatch(/<script|on[a-z]+=|href=/i);
    const again = await get('/media/avatars/3.svg', { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const user = await get('/media/avatars/users/5.svg');
    expect(user.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('needs no session: a visitor gets the same picture', async () => {
    const res = await get('/media/avatars/users/7.svg', { authorization: 'Bearer not-a-session' });
    expect(res.statusCode).toBe(200);
  });

  it('answers 404 for anything that is no avatar', async () => {
    for (const url of [
      '/media/avatars/0.svg',
      `/media/avatars/${AVATAR_MAX + 1}.svg`,
      '/media/avatars/07.svg',
      '/media/avatars/-1.svg',
      '/media/avatars/1.5.svg',
      '/media/avatars/abc.svg',
      '/media/avatars/7.png',
      '/media/avatars/7',
      '/media/avatars/DEFAULT.svg',
      '/media/avatars/users/0.svg',
      '/media/avatars/users/-3.svg',
      '/media/avatars/users/007.svg',
      '/media/avatars/users/abc.svg',
      '/media/avatars/users/12.png',
      '/media/avatars/users/2147483648.svg',
      '/media/avatars/users/99999999999.svg',
      '/media/avatars/users/default.svg',
      '/media/avatars/users/',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/svg/);
    }
  });
});
