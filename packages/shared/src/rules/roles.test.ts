import { describe, expect, it } from 'vitest';
import { LOCALLY_SWITCHABLE_ROLES, effectiveRoles, isLocallySwitchable, parseDisabledRoles } from './roles';

describe('parseDisabledRoles', () => {
  it.each([
    [undefined, []],
    ['', []],
    ['censored', ['censored']],
    ['writer,censored', ['writer', 'censored']],
    ['writer%2Ccensored', ['writer', 'censored']],
    [' writer , writer ,', ['writer']],
    ['admin,writer', ['writer']],
    ['%E0%A4%A', []],
  ])('reads %j as %j', (raw, expected) => {
    expect(parseDisabledRoles(raw)).toEqual(expected);
  });
});

describe('effectiveRoles', () => {
  it.each([
    [['writer', 'censored'], [], [], ['writer', 'censored']],
    // A restriction the site imposes cannot be lifted by the restricted user (decision 029): only the deployment can.
    [['writer', 'censored'], ['censored'], [], ['writer', 'censored']],
    [['writer', 'censored'], ['censored', 'writer'], [], ['censored']],
    [['writer', 'censored'], [], ['censored'], ['writer']],
    [['writer', 'censored'], [], ['writer'], ['censored']],
    [['writer'], ['retagger'], [], ['writer']],
    [['writer', 'unknown-role'], [], [], ['writer']],
    [[], ['censored'], ['writer'], []],
  ])('held %j, disabled locally %j and by the deployment %j → %j', (held, local, deployment, expected) => {
    expect(effectiveRoles(held, local, deployment)).toEqual(expected);
  });
});

describe('which roles a user may switch off locally', () => {
  it('are the ones that grant something, never a restriction', () => {
    expect(LOCALLY_SWITCHABLE_ROLES).toEqual(['retagger', 'writer']);
    expect(isLocallySwitchable('writer')).toBe(true);
    expect(isLocallySwitchable('retagger')).toBe(true);
    expect(isLocallySwitchable('censored')).toBe(false);
    expect(isLocallySwitchable('admin')).toBe(false);
  });
});
