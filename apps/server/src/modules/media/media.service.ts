import fs from 'node:fs/promises';
import path from 'node:path';
import { CENSORED_IMAGE_COUNT, type RoleToken, type TestVideo } from '@velora/shared';
import type { Platform } from '../../platform';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/http-error';
import type { AuthContext } from '../sessions/sessions.service';
import {
  ALLOWED_IMAGE_SIZES,
  censoredImage,
  censoredNumberFor,
  imageVariantOf,
  isImageKind,
  isImageVariant,
  IMAGE_KINDS,
  originalOf,
  sizedImage,
  type ImageKind,
  type ImageVariant,
  type MissingOriginalDrawer,
} from './media-images';
import { mediaPaths } from './media-paths';
import { hlsExpiry, signHls, signImagePreview, signingKey, verifyHls, verifyImagePreview } from './media-signing';
import { copyOriginal, prepareUpload, removeOriginal, storeOriginal } from './media-uploads';
import { mediaRepository, type AssetStatus } from './media.repository';

export { ALLOWED_IMAGE_SIZES, type ImageKind, type MissingOriginalDrawer };

const CENSORED_ROLE: RoleToken = 'censored';
const MAX_ID = 2_147_483_647;
/** The restricted viewer's video: whichever censored placeholder clip is ready, named in URLs by this word. */
const CENSORED_ASSET = 'censored';

export interface AssetInfo {
  status: AssetStatus;
  renditions: number[];
}

/** A file of an HLS asset, ready to send: a playlist (rewritten, so every URI in it carries the signature) or a segment. */
export type HlsFile =
  | { kind: 'playlist'; body: string; maxAgeSeconds: number }
  | { kind: 'segment'; file: string; size: number; contentType: string; maxAgeSeconds: number };

const SEGMENT_TYPES: Record<string, string> = { '.ts': 'video/mp2t', '.m4s': 'video/iso.segment', '.mp4': 'video/mp4' };
/** Playlist and segment names as the transcoder writes them: no separators, no dots but the extension. */
const HLS_FILE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}\.(m3u8|ts|m4s|mp4)$/;

const isRestricted = (viewer: AuthContext | null | undefined) => viewer?.roles.includes(CENSORED_ROLE) ?? false;

function parseId(text: string, name: string): number {
  const id = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
  if (!(id >= 1 && id <= MAX_ID)) throw badRequest(`Invalid path: ${name} (must be a whole number from 1)`, { [name]: 'Must be a whole number from 1' });
  return id;
}

/** Appends the signature query to every URI of a playlist: URI lines, and URI="…" attributes of tags. */
export function signPlaylist(text: string, query: string): string {
  const sign = (uri: string) => (/^[a-z][a-z0-9+.-]*:/i.test(uri) ? uri : `${uri}${uri.includes('?') ? '&' : '?'}${query}`);
  return text
    .split('\n')
    .map((line) => {
      const trimmed = line.trim();
      if (trimmed === '') return line;
      if (trimmed.startsWith('#')) return line.replace(/URI="([^"]*)"/g, (_, uri: string) => `URI="${sign(uri)}"`);
      return sign(trimmed);
    })
    .join('\n');
}

export interface MediaDeps extends Pick<Platform, 'config' | 'db' | 'now' | 'mediaUrls'> {
  /** Draws the picture of a catalog row without a stored original (the demo's patterns); none: no picture. */
  drawMissingOriginal?: MissingOriginalDrawer;
}

export function createMediaService(deps: MediaDeps) {
  const { config, db, mediaUrls } = deps;
  const paths = mediaPaths(config.dataDir);
  let key: Buffer | undefined;
  const secret = () => (key ??= signingKey(config));

  const signedMaster = (asset: string) => {
    const exp = hlsExpiry(deps.now().getTime());
    return mediaUrls.file(`hls/${asset}/master.m3u8?exp=${exp}&sig=${signHls(secret(), asset, exp)}`);
  };

  // Segment requests for the placeholder come many a minute: once found, its asset is looked up at most every 30 s.
  let censoredCache: { at: number; id: number; renditions: number[] } | null = null;
  async function censoredAsset(): Promise<{ id: number | null; renditions: number[] }> {
    const now = Date.now();
    if (censoredCache && now - censoredCache.at <= 30_000) return censoredCache;
    const row = await mediaRepository.latestReady(db, 'censored');
    censoredCache = row ? { at: now, id: row.id, renditions: row.renditions } : null;
    return censoredCache ?? { id: null, renditions: [] };
  }

  /**
   * A signed URL of an asset's master playlist, valid for about four hours (HLS_URL_TTL_SECONDS). Hand it only to
   * someone who may play the video. A restricted viewer gets the censored placeholder clip instead.
   */
  const hlsUrl = (assetId: number, viewer: AuthContext | null): string => signedMaster(isRestricted(viewer) ? CENSORED_ASSET : String(assetId));

  return {
    /** Whether this viewer sees the censored placeholders (their pictures and clips differ from everyone else's). */
    isRestricted,

    /**
     * The URL of one size of a picture (`kind` video, model, shoot, or image: a shoot image), on the CDN when
     * CDN_URL is set. A restricted viewer (role `censored`) gets one of the numbered censored placeholders instead.
     */
    imageUrl(kind: ImageKind, id: number, size: string, viewer: AuthContext | null): string {
      if (isRestricted(viewer)) return mediaUrls.file(`censored/${censoredNumberFor(kind, id)}/${size}.jpg`);
      return mediaUrls.file(`images/${kind}/${id}/${size}.jpg`);
    },

    hlsUrl,

    /** Status and rendition heights of assets, by id (ids that name no asset are left out). */
    async assetInfo(assetIds: number[], viewer?: AuthContext | null): Promise<Map<number, AssetInfo>> {
      const ids = [...new Set(assetIds)].filter((id) => Number.isInteger(id) && id >= 1 && id <= MAX_ID);
      const rows = await mediaRepository.find(db, ids);
      const map = new Map<number, AssetInfo>();
      if (isRestricted(viewer)) {
        // What a restricted viewer will play is the placeholder: describe that.
        const censored = await censoredAsset();
        const info: AssetInfo = censored.id ? { status: 'ready', renditions: censored.renditions } : { status: 'pending', renditions: [] };
        for (const row of rows) map.set(row.id, info);
        return map;
      }
      for (const row of rows) map.set(row.id, { status: row.status, renditions: row.renditions });
      return map;
    },

    /** The about-us videos that are ready, each with a signed playlist URL (`/test_videos`). */
    async testVideos(viewer: AuthContext | null = null): Promise<TestVideo[]> {
      const rows = await mediaRepository.readyOfKind(db, 'about_us');
      return rows.map((row) => ({ id: row.id, title: row.title, hls_url: hlsUrl(row.id, viewer), renditions: row.renditions }));
    },

    // ------------------------------------------------------------------------------------------------------------
    // For the media routes.

    /**
     * The cached file of `/media/images/:kind/:id/:file` (a size, a narrower width of it, a format), rendered on first
     * request. A picture members do not see yet is a 404 without a valid preview signature (`preview` true with one).
     */
    async imageFile(kind: string, idText: string, file: string, query: { exp?: unknown; sig?: unknown } = {}): Promise<{ file: string; preview: boolean }> {
      if (!isImageKind(kind)) throw notFound(`No image kind "${kind}": kinds are ${IMAGE_KINDS.join(', ')}`);
      const id = parseId(idText, 'id');
      const variant = variantOrThrow(file);
      let preview = false;
      if (!(await mediaRepository.isPublic(db, kind, id, deps.now()))) {
        if (!verifyImagePreview(secret(), kind, id, query.exp, query.sig, deps.now().getTime())) throw notFound(`No ${kind} ${id}`);
        preview = true;
      }
      const found = await sizedImage(paths, kind, id, variant, {
        lookup: (k, i) => mediaRepository.imageSubject(db, k, i),
        drawMissing: deps.drawMissingOriginal,
      });
      if (!found) throw notFound(`No ${kind} ${id}`);
      return { file: found, preview };
    },

    // ------------------------------------------------------------------------------------------------------------
    // For the back office's catalog (decision record 075): previews and the originals it uploads.

    /** A signed URL of one size of a picture that works before members may see it (for the team's screens). */
    previewUrl(kind: ImageKind, id: number, size: string): string {
      const exp = hlsExpiry(deps.now().getTime());
      return mediaUrls.file(`images/${kind}/${id}/${size}.jpg?exp=${exp}&sig=${signImagePreview(secret(), kind, id, exp)}`);
    },
    /** Whether a stored (uploaded or imported) original exists. */
    hasOriginal: (kind: ImageKind, id: number) => fs.access(paths.original(kind, id)).then(() => true, () => false),
    prepareUpload,
    storeOriginal: (kind: ImageKind, id: number, data: Buffer) => storeOriginal(paths, kind, id, data),
    copyOriginal: async (from: { kind: ImageKind; id: number }, to: { kind: ImageKind; id: number }) =>
      copyOriginal(paths, await originalOf(paths, from.kind, from.id, { lookup: (k, i) => mediaRepository.imageSubject(db, k, i), drawMissing: deps.drawMissingOriginal }), from, to),
    removeOriginal: (kind: ImageKind, id: number) => removeOriginal(paths, kind, id),

    /** The cached file of `/media/censored/:n/:file`. */
    async censoredFile(nText: string, file: string): Promise<string> {
      if (!/^\d{1,3}$/.test(nText)) throw badRequest('Invalid path: n (must be a whole number)', { n: 'Must be a whole number' });
      const n = Number(nText);
      if (n < 1 || n > CENSORED_IMAGE_COUNT) throw notFound(`No censored placeholder ${n}: they are numbered 1 to ${CENSORED_IMAGE_COUNT}`);
      return censoredImage(paths, n, variantOrThrow(file));
    },

    /** A playlist or segment of `/media/hls/:asset/:file`, only with a valid, unexpired signature (else 403). */
    async hlsFile(asset: string, file: string, query: { exp?: unknown; sig?: unknown }): Promise<HlsFile> {
      if (asset !== CENSORED_ASSET) parseId(asset, 'asset');
      const nowMs = deps.now().getTime();
      const verdict = verifyHls(secret(), asset, query.exp, query.sig, nowMs);
      if (verdict === 'missing') throw forbidden('This media URL needs a signature: ask the API for a fresh one');
      if (verdict === 'invalid') throw forbidden('This media URL has a wrong signature');
      if (verdict === 'expired') throw forbidden('This media URL has expired: ask the API for a fresh one');
      if (!HLS_FILE.test(file)) throw notFound(`No such media file: ${file}`);

      const assetId = asset === CENSORED_ASSET ? (await censoredAsset()).id : Number(asset);
      if (!assetId) throw notFound('The censored placeholder video is not ready yet');
      const full = path.join(paths.hlsDir(assetId), file);
      const stat = await fs.stat(full).catch(() => null);
      if (!stat?.isFile()) throw notFound(`No such media file: ${file}`);

      const remaining = Math.max(0, Number(query.exp) - Math.floor(nowMs / 1000));
      if (file.endsWith('.m3u8')) {
        const signature = `exp=${String(query.exp)}&sig=${String(query.sig)}`;
        return { kind: 'playlist', body: signPlaylist(await fs.readFile(full, 'utf8'), signature), maxAgeSeconds: Math.min(remaining, 300) };
      }
      return { kind: 'segment', file: full, size: stat.size, contentType: SEGMENT_TYPES[path.extname(file)]!, maxAgeSeconds: remaining };
    },
  };
}

/** The picture a file name asks for; else a 404 naming the wrong part (size, width or format) and what is allowed. */
function variantOrThrow(file: string): ImageVariant {
  const variant = imageVariantOf(file);
  if (isImageVariant(variant)) return variant;
  return throwNotFound(variant.message, { [variant.field]: variant.message });
}

function throwNotFound(message: string, fields: Record<string, string>): never {
  throw new HttpError(404, 'NOT_FOUND', message, fields);
}

export type MediaService = ReturnType<typeof createMediaService>;
