import { describe, expect, it } from 'vitest';
import { getTld, setTldOverride, tldOfHostname } from './tld';

describe('tldOfHostname', () => {
  it.each([
    ['velora.io', 'io'],
    ['www.velora.de', 'de'],
    ['velora.ch.', 'ch'],
    ['WWW.VELORA.NET', 'net'],
    ['localhost', 'localhost'],
    ['', null],
  ])('%j → %j', (hostname, expected) => {
    expect(tldOfHostname(hostname)).toBe(expected);
  });
});

describe('getTld', () => {
  it("is the hostname's last label", () => {
    expect(getTld('app.velora.net')).toBe('net');
  });

  it('is the stored override when one is set, until it is cleared', () => {
    setTldOverride('IO');
    expect(getTld('velora.net')).toBe('io');
    setTldOverride(null);
    expect(getTld('velora.net')).toBe('net');
  });

  it('defaults to the current location', () => {
    expect(getTld()).toBe(tldOfHostname(location.hostname));
  });
});
