import { describe, expect, it } from 'vitest';
import { CAPABILITIES, CAPABILITY_NAMES, ROLES, TEAM_KINDS, can, capabilitiesOf, needsLogin, rolesOf, type Capability, type CapabilitySubject } from './capabilities';

const NOW = Date.UTC(2025, 0, 1);
const inSeconds = (ms: number) => Math.floor(ms / 1000);

const member: CapabilitySubject = { premium_until: null, model_id: null, is_team_member: false, roles: [] };
const subjects = {
  visitor: null,
  member,
  expiredPremium: { ...member, premium_until: inSeconds(NOW) - 1 },
  premium: { ...member, premium_until: inSeconds(NOW) + 3600 },
  model: { ...member, model_id: 7 },
  writer: { ...member, roles: ['writer'] },
  retagger: { ...member, roles: ['retagger', 'censored'] },
  team: { ...member, is_team_member: true },
  kindsWithoutTeam: { ...member, team_kinds: ['admin'] as const },
  support: { ...member, is_team_member: true, team_kinds: ['support'] as const },
  moderator: { ...member, is_team_member: true, team_kinds: ['moderator'] as const },
  finance: { ...member, is_team_member: true, team_kinds: ['finance'] as const },
  admin: { ...member, is_team_member: true, team_kinds: ['admin'] as const },
} satisfies Record<string, CapabilitySubject | null>;

describe('rolesOf', () => {
  it.each([
    ['visitor', ['visitor']],
    ['member', ['member']],
    ['expiredPremium', ['member']],
    ['premium', ['member', 'premium']],
    ['model', ['member', 'model']],
    ['writer', ['member', 'writer']],
    // censored is a restriction of what a member sees, not a role that grants anything
    ['retagger', ['member', 'retagger']],
    ['team', ['member', 'team']],
    // a stored kind counts only while the person is a team member
    ['kindsWithoutTeam', ['member']],
    ['support', ['member', 'team', 'support']],
    ['admin', ['member', 'team', 'admin']],
  ] as const)('%s has the roles %j', (name, roles) => {
    expect(rolesOf(subjects[name], NOW)).toEqual(roles);
  });
});

describe('can', () => {
  const table: Array<[keyof typeof subjects, Capability, boolean]> = [
    ['visitor', 'public', true],
    ['visitor', 'account', false],
    ['member', 'account', true],
    ['member', 'premium', false],
    ['expiredPremium', 'premium', false],
    ['premium', 'premium', true],
    ['model', 'studio', true],
    ['member', 'studio', false],
    ['writer', 'blog.write', true],
    ['retagger', 'blog.write', false],
    ['retagger', 'videos.retag', true],
    ['team', 'backoffice', true],
    ['team', 'support.accounts', false],
    ['team', 'moderation.comments', false],
    ['support', 'support.messages', true],
    ['support', 'finance.refunds', false],
    ['moderator', 'moderation.content', true],
    ['moderator', 'admin.team', false],
    ['finance', 'finance.payouts', true],
    ['finance', 'moderation.accounts', false],
    ['admin', 'admin.settings', true],
    ['admin', 'blog.write', true],
    ['admin', 'premium', false],
    ['kindsWithoutTeam', 'backoffice', false],
  ];
  it.each(table)('%s → %s is %s', (subject, capability, expected) => {
    expect(can(subjects[subject], capability, NOW)).toBe(expected);
  });

  it('gives every logged-in subject public and account, and a visitor only public', () => {
    expect(capabilitiesOf(null, NOW)).toEqual(['public']);
    for (const [name, subject] of Object.entries(subjects)) {
      if (subject) expect(capabilitiesOf(subject, NOW), name).toEqual(expect.arrayContaining(['public', 'account']));
    }
  });

  it('lets admin do everything any team kind may do', () => {
    for (const capability of CAPABILITY_NAMES) {
      const teamOnly = TEAM_KINDS.some((kind) => (CAPABILITIES[capability] as readonly string[]).includes(kind));
      if (teamOnly) expect(can(subjects.admin, capability, NOW), capability).toBe(true);
    }
  });

  it('names only known roles in the table', () => {
    for (const holders of Object.values(CAPABILITIES)) for (const role of holders) expect(ROLES).toContain(role);
  });

  it('tells a capability a visitor lacks (log in) from one a member lacks (forbidden)', () => {
    expect(needsLogin('public')).toBe(false);
    expect(needsLogin('account')).toBe(true);
    expect(needsLogin('backoffice')).toBe(true);
  });
});
