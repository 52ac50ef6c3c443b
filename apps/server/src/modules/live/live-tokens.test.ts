import { describe, expect, it } from 'vitest';
import { signLiveToken, verifyLiveToken } from './live-tokens';

const key = Buffer.from('k'.repeat(32));
const now = 1_800_000_000_000;
const claims = { kind: 'view' as const, cameraId: 7, userId: 42, exp: now / 1000 + 60 };

describe('live tokens', () => {
  it('accepts its own token for the kind and camera it names', () => {
    expect(verifyLiveToken(key, signLiveToken(key, claims), { kind: 'view', cameraId: 7 }, now)).toEqual({ ok: true, claims });
  });

  it('refuses another camera, another kind, an expired token, another key and a changed body', () => {
    const token = signLiveToken(key, claims);
    expect(verifyLiveToken(key, token, { kind: 'view', cameraId: 8 }, now)).toEqual({ ok: false, reason: 'wrong-camera' });
    expect(verifyLiveToken(key, token, { kind: 'publish' }, now)).toEqual({ ok: false, reason: 'wrong-kind' });
    expect(verifyLiveToken(key, token, { kind: 'view' }, now + 61_000)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyLiveToken(Buffer.from('x'.repeat(32)), token, { kind: 'view' }, now)).toEqual({ ok: false, reason: 'invalid' });
    const [, sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ k: 'view', c: 8, u: 42, e: claims.exp })).toString('base64url');
    expect(verifyLiveToken(key, `${forged}.${sig}`, { kind: 'view' }, now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('calls anything that is not a token malformed', () => {
    for (const bad of [undefined, 5, '', 'abc', 'a.b.c', 'x'.repeat(600)]) {
      expect(verifyLiveToken(key, bad, { kind: 'view' }, now).ok).toBe(false);
    }
  });
});
