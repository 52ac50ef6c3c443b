// Leaving the app for another page (a payment provider's hosted checkout) is a full page load. It goes through here so
// tests can stand in for the browser, and so only a web address is ever followed.

/** Sends the browser to `url` (absolute, or relative to this page); anything but http(s) is refused. */
export function leavePage(url: string): void {
  const target = new URL(url, window.location.href);
  if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new Error(`Refusing to leave for ${target.protocol} URL`);
  window.location.assign(target.toString());
}
