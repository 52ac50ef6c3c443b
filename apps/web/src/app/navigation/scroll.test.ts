import { afterEach, describe, expect, it } from 'vitest';
import { rememberScrollPosition, scrollActionFor } from './scroll';

const loc = (pathname: string, search = '', hash = '', key = pathname + search) => ({ pathname, search, hash, key });

describe('rememberScrollPosition', () => {
  it('keeps the last two positions', () => {
    let list = rememberScrollPosition([], { key: 'a', y: 10 });
    list = rememberScrollPosition(list, { key: 'b', y: 20 });
    list = rememberScrollPosition(list, { key: 'c', y: 30 });
    expect(list).toEqual([
      { key: 'b', y: 20 },
      { key: 'c', y: 30 },
    ]);
  });

  it('moves a key seen again to the end with its new position', () => {
    const list = rememberScrollPosition([{ key: 'a', y: 1 }, { key: 'b', y: 2 }], { key: 'a', y: 5 });
    expect(list).toEqual([
      { key: 'b', y: 2 },
      { key: 'a', y: 5 },
    ]);
  });
});

describe('scrollActionFor', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('restores a remembered position on back/forward', () => {
    expect(scrollActionFor(loc('/b'), loc('/a', '', '', 'k1'), 'POP', [{ key: 'k1', y: 400 }])).toEqual({ kind: 'restore', y: 400 });
  });

  it('scrolls to the top on a new page, or back/forward without a remembered position', () => {
    expect(scrollActionFor(loc('/a'), loc('/b'), 'PUSH', [])).toEqual({ kind: 'top' });
    expect(scrollActionFor(loc('/videos'), loc('/videos', '?page=2'), 'PUSH', [])).toEqual({ kind: 'top' });
    expect(scrollActionFor(loc('/a'), loc('/b'), 'POP', [{ key: 'other', y: 1 }])).toEqual({ kind: 'top' });
  });

  it('scrolls to a hash anchor when the element exists', () => {
    document.body.innerHTML = '<h2 id="faq">FAQ</h2>';
    expect(scrollActionFor(loc('/a'), loc('/b', '', '#faq'), 'PUSH', [])).toEqual({ kind: 'anchor', hash: '#faq' });
  });

  it('leaves the page alone for a hash that opens a dialog', () => {
    expect(scrollActionFor(loc('/'), loc('/', '', '#log_in'), 'PUSH', [])).toEqual({ kind: 'none' });
  });

  it('does nothing on the first render', () => {
    expect(scrollActionFor(null, loc('/'), 'POP', [])).toEqual({ kind: 'none' });
  });
});
