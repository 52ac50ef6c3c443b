import path from 'node:path';

// Where media lives under DATA_DIR/media. Only this module reads or writes there.
//   originals/<kind>/<id>.jpg          a picture's original (imported, or a video's grabbed cover)
//   sources/<name>                     video sources: demo/… (generated on demand), imports/…
//   hls/<assetId>/master.m3u8 …        transcoded renditions: <rung>p.m3u8 and <rung>p_NNN.ts
//   cache/images/<kind>/<id>/<file>    sized pictures, derived and disposable; <file> is <WxH>[-<w>w].<jpg|webp|avif>
//   cache/generated/<kind>/<id>.jpg    demo pictures drawn from their pattern, derived and disposable
//   cache/censored/<n>/<file>          censored placeholders, derived and disposable

/** A bare size (`900x500`, as older callers pass it) names its JPEG. */
const withExtension = (file: string) => (file.includes('.') ? file : `${file}.jpg`);

export type MediaPaths = ReturnType<typeof mediaPaths>;

export function mediaPaths(dataDir: string) {
  const root = path.join(dataDir, 'media');
  return {
    root,
    original: (kind: string, id: number) => path.join(root, 'originals', kind, `${id}.jpg`),
    source: (name: string) => path.join(root, 'sources', name),
    hlsDir: (assetId: number) => path.join(root, 'hls', String(assetId)),
    hlsRoot: path.join(root, 'hls'),
    /** A rendered file of a picture: `file` is a variant's name (`900x500-480w.webp`), or a bare size for its JPEG. */
    cachedImage: (kind: string, id: number, file: string) => path.join(root, 'cache', 'images', kind, String(id), withExtension(file)),
    cachedImageDir: (kind: string, id: number) => path.join(root, 'cache', 'images', kind, String(id)),
    generatedOriginal: (kind: string, id: number) => path.join(root, 'cache', 'generated', kind, `${id}.jpg`),
    censored: (n: number, file: string) => path.join(root, 'cache', 'censored', String(n), withExtension(file)),
    signingKey: path.join(dataDir, 'secrets', 'media-signing.key'),
  };
}
