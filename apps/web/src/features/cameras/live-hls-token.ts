// The LL-HLS token is a path segment (/live/hls/{camera}/{token}/{file}, decision record 034), so hls.js's requests
// of segments carry the token of the playlist they were listed in. Tokens live 90 s and the player renews its ticket
// while it plays (decision record 061): each request is sent with the newest ticket's token instead.

const HLS_FILE_PATH = /^(.*\/live\/hls\/\d+\/)[^/]+(\/[^/]+)$/;

/** `requestUrl` with the token of `newestPlaylistUrl`, when both name the same camera's LL-HLS; else unchanged. */
export function withNewestHlsToken(requestUrl: string, newestPlaylistUrl: string): string {
  let request: URL;
  let newest: URL;
  try {
    request = new URL(requestUrl);
    newest = new URL(newestPlaylistUrl, request);
  } catch {
    return requestUrl;
  }
  const file = HLS_FILE_PATH.exec(request.pathname);
  const fresh = HLS_FILE_PATH.exec(newest.pathname);
  if (!file || !fresh || request.origin !== newest.origin || file[1] !== fresh[1]) return requestUrl;
  const tokenSegment = newest.pathname.slice(fresh[1]!.length, newest.pathname.length - fresh[2]!.length);
  request.pathname = `${file[1]}${tokenSegment}${file[2]}`;
  return request.href;
}
