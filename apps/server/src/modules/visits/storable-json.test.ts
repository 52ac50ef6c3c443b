import { describe, expect, it } from 'vitest';
import { JsonTooDeepError, jsonByteLength, storableJson, storableString } from './storable-json';

describe('storableString', () => {
  it.each([
    ['plain', 'plain'],
    ['a\u0000b', 'ab'],
    ['x\ud800y', 'x\ufffdy'],
    ['\udc00', '\ufffd'],
    ['😀', '😀'],
  ])('%j → %j', (input, expected) => expect(storableString(input)).toBe(expected));
});

describe('storableJson', () => {
  it('cleans keys and values at every level and keeps other values', () => {
    expect(storableJson({ 'a\u0000': ['b\u0000', 1, true, null, { c: '\ud800' }] })).toEqual({ a: ['b', 1, true, null, { c: '\ufffd' }] });
  });

  it('keeps "__proto__" as an ordinary key', () => {
    const out = storableJson(JSON.parse('{"__proto__": {"polluted": true}}')) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(out)).toBe('{"__proto__":{"polluted":true}}');
  });

  it('refuses nesting deeper than PostgreSQL should be asked to store', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 40; i++) deep = [deep];
    expect(() => storableJson(deep)).toThrow(JsonTooDeepError);
  });
});

describe('jsonByteLength', () => {
  it('counts UTF-8 bytes', () => {
    expect(jsonByteLength({ a: 'é' })).toBe(Buffer.byteLength('{"a":"é"}'));
  });
});
