/**
 * Resolves once the parser has read the whole document, at once when it has. The app's entry is a module script that
 * the landing shell's state script adds from <head> (decision record 055): a module script added that way runs as
 * soon as it has loaded, not after the document is parsed, so from the browser's cache it can run while the parser is
 * still in the shell's markup, before <div id="root"> exists.
 */
export function documentParsed(doc: Pick<Document, 'readyState' | 'addEventListener'> = document): Promise<void> {
  if (doc.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => doc.addEventListener('DOMContentLoaded', () => resolve(), { once: true }));
}
