import { describe, expect, it } from 'vitest';
import { documentParsed } from './document-parsed';

/** A document whose parser is still reading (readyState "loading") until `finish` fires DOMContentLoaded. */
function documentBeingParsed() {
  const target = new EventTarget();
  const doc = {
    readyState: 'loading' as DocumentReadyState,
    addEventListener: target.addEventListener.bind(target) as Document['addEventListener'],
  };
  const finish = () => {
    doc.readyState = 'interactive';
    target.dispatchEvent(new Event('DOMContentLoaded'));
  };
  return { doc, finish };
}

describe('documentParsed', () => {
  it('waits while the parser is still reading the document, and resolves when it has read it', async () => {
    const { doc, finish } = documentBeingParsed();
    let parsed = false;
    const waiting = documentParsed(doc).then(() => (parsed = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(parsed).toBe(false);
    finish();
    await waiting;
    expect(parsed).toBe(true);
  });

  it('resolves at once for a document already parsed', async () => {
    await expect(documentParsed({ readyState: 'interactive', addEventListener: () => undefined })).resolves.toBeUndefined();
    await expect(documentParsed({ readyState: 'complete', addEventListener: () => undefined })).resolves.toBeUndefined();
  });
});
