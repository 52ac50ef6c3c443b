import { describe, expect, it } from 'vitest';
import { CAPABILITY_NAMES, type CapabilitySubject } from './capabilities';
import { RECOVERY_CODE_PATTERN, SECOND_FACTOR_VALID_MS, TOTP_CODE_PATTERN, needsSecondFactor, secondFactorFresh, secondFactorStateOf, worksOnSite } from './second-factor';

const member: CapabilitySubject = { premium_until: null, model_id: null, is_team_member: false, roles: [] };

describe('needsSecondFactor', () => {
  it.each(['public', 'account', 'premium'] as const)('leaves a customer capability (%s) to the password alone', (capability) => {
    expect(needsSecondFactor(capability)).toBe(false);
  });

  it('asks for it on every other capability: the studio, the editorial ones and every team one', () => {
    const staff = CAPABILITY_NAMES.filter((c) => !['public', 'account', 'premium'].includes(c));
    expect(staff).toEqual(expect.arrayContaining(['studio', 'blog.write', 'videos.retag', 'backoffice', 'admin.team', 'finance.payouts']));
    for (const capability of staff) expect(needsSecondFactor(capability), capability).toBe(true);
  });
});

describe('worksOnSite', () => {
  it.each([
    ['a visitor', null, false],
    ['a member', member, false],
    ['a premium member', { ...member, premium_until: 4_000_000_000 }, false],
    ['a member restricted to censored pictures', { ...member, roles: ['censored'] }, false],
    ['a model', { ...member, model_id: 3 }, true],
    ['a writer', { ...member, roles: ['writer'] }, true],
    ['a retagger', { ...member, roles: ['retagger'] }, true],
    ['a team member', { ...member, is_team_member: true }, true],
  ] as const)('%s: %s', (_, subject, expected) => {
    expect(worksOnSite(subject)).toBe(expected);
  });
});

describe('secondFactorFresh', () => {
  const now = Date.UTC(2026, 10, 29, 12);
  it.each([
    ['never proven', null, false],
    ['proven a minute ago', now - 60_000, true],
    ['proven just inside the window', now - SECOND_FACTOR_VALID_MS + 1, true],
    ['proven exactly a window ago', now - SECOND_FACTOR_VALID_MS, false],
    ['proven in the future (a clock that went back)', now + 60_000, false],
  ] as const)('%s: %s', (_, provenAt, expected) => {
    expect(secondFactorFresh(provenAt, now)).toBe(expected);
  });
});

describe('the code formats', () => {
  it.each([
    ['123456', true, false],
    ['12345', false, false],
    ['1234567', false, false],
    ['k3m9p-x2w7q', false, true],
    ['K3M9P-X2W7Q', false, false],
    ['k3m9px2w7q', false, false],
  ] as const)('%s is a TOTP code: %s, a recovery code: %s', (code, totp, recovery) => {
    expect(TOTP_CODE_PATTERN.test(code)).toBe(totp);
    expect(RECOVERY_CODE_PATTERN.test(code)).toBe(recovery);
  });
});

describe('secondFactorStateOf', () => {
  const now = Date.UTC(2026, 10, 29, 12);
  it.each([
    ['a customer', { worksOnSite: false, enrolled: false, provenAtMs: null }, 'not-needed'],
    ['a customer who once had an app (a former model)', { worksOnSite: false, enrolled: true, provenAtMs: null }, 'not-needed'],
    ['staff without an app', { worksOnSite: true, enrolled: false, provenAtMs: null }, 'setup'],
    ['staff with an app, not proven on this session', { worksOnSite: true, enrolled: true, provenAtMs: null }, 'pending'],
    ['staff proven an hour ago', { worksOnSite: true, enrolled: true, provenAtMs: now - 3_600_000 }, 'verified'],
    ['staff proven longer ago than the window', { worksOnSite: true, enrolled: true, provenAtMs: now - SECOND_FACTOR_VALID_MS }, 'pending'],
  ] as const)('%s: %s', (_, person, state) => {
    expect(secondFactorStateOf(person, now)).toBe(state);
  });
});
