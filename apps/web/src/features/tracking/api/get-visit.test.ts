import { describe, expect, it } from 'vitest';
import { visitParamsFrom } from './get-visit';

describe('visitParamsFrom', () => {
  it('takes every query parameter of the page and the referrer, repeated ones as a list', () => {
    expect(visitParamsFrom('?campaign=autumn&tag=a&tag=b', 'https://example.com/')).toEqual({
      campaign: 'autumn',
      tag: ['a', 'b'],
      referrer: 'https://example.com/',
    });
  });

  it('leaves out credentials', () => {
    expect(visitParamsFrom('?hash=secret&token=t&campaign=x', '')).toEqual({ campaign: 'x', referrer: '' });
  });

  // The server refuses a control character in any visit parameter (decision 031): a page URL holding one must still get
  // its visit (the country behind the law and cookie checks), so such a parameter is left out, not sent.
  it('leaves out a parameter whose name or value holds a control character', () => {
    expect(visitParamsFrom('?campaign=a%00b&%1Bname=1&note=fine&tag=ok&tag=b%07d', '')).toEqual({ note: 'fine', tag: 'ok', referrer: '' });
  });

  it('sends no referrer with a control character', () => {
    expect(visitParamsFrom('?campaign=x', 'https://example.com/\u0000')).toEqual({ campaign: 'x', referrer: '' });
  });
});
