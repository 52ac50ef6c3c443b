// The hash that opens a video in the theater player wherever the user is (product §2: #play-{videoId}).
// Any screen may link to it; the theater player at the root answers to it.

const PLAY_HASH = /^#play-(\d{1,10})$/;

export function playHash(videoId: number): string {
  return `#play-${videoId}`;
}

/** The video id of a `#play-{id}` hash, or null for any other hash. */
export function videoIdOfHash(hash: string): number | null {
  const match = PLAY_HASH.exec(hash);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The current page (path and query kept) with the play hash of a video. */
export function playLocation(location: { pathname: string; search: string }, videoId: number) {
  return { pathname: location.pathname, search: location.search, hash: playHash(videoId) };
}
