import { describe, expect, it } from 'vitest';
import { effectiveRoles, parseDisabledRoles } from './roles';

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
    [['writer', 'censored'], ['censored'], [], ['writer']],
    [['writer', 'censored'], [], ['writer'], ['censored']],
    [['writer'], ['retagger'], [], ['writer']],
    [['writer', 'unknown-role'], [], [], ['writer']],
    [[], ['censored'], ['writer'], []],
  ])('held %j, disabled locally %j and by the deployment %j → %j', (held, local, deployment, expected) => {
    expect(effectiveRoles(held, local, deployment)).toEqual(expected);
  });
});
