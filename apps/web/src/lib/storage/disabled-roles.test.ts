import { afterEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '@velora/shared';
import { getCookie } from './cookies';
import { activeRoles, getDisabledRoles, setDisabledRoles } from './disabled-roles';
import { STORAGE_KEYS } from './storage';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('disabled roles (product §6)', () => {
  it('are none by default', () => {
    expect(getDisabledRoles()).toEqual([]);
  });

  it('are stored in a cookie as a comma list', () => {
    setDisabledRoles(['writer', 'retagger']);
    expect(getCookie(STORAGE_KEYS.disabledRoles)).toBe('writer,retagger');
    expect(getDisabledRoles()).toEqual(['writer', 'retagger']);
  });

  it('never hold a restriction the site imposes (decision 029): censored is not stored, nor read', () => {
    setDisabledRoles(['writer', 'censored']);
    expect(getCookie(STORAGE_KEYS.disabledRoles)).toBe('writer');
    setDisabledRoles(['censored']);
    expect(getCookie(STORAGE_KEYS.disabledRoles)).toBeNull();
    document.cookie = `${STORAGE_KEYS.disabledRoles}=censored%2Cretagger; path=/`;
    expect(getDisabledRoles()).toEqual(['retagger']);
  });

  it('keep the cookie for 14 days', () => {
    vi.useFakeTimers({ now: new Date('2025-02-01T08:00:00Z'), toFake: ['Date'] });
    const writes = vi.spyOn(document, 'cookie', 'set');
    setDisabledRoles(['writer']);
    const expires = new Date(Date.parse('2025-02-01T08:00:00Z') + 14 * DAY_MS).toUTCString();
    expect(writes).toHaveBeenCalledWith(`${STORAGE_KEYS.disabledRoles}=writer; expires=${expires}; path=/; SameSite=Lax`);
  });

  it('remove the cookie when the list becomes empty', () => {
    setDisabledRoles(['writer']);
    setDisabledRoles([]);
    expect(getCookie(STORAGE_KEYS.disabledRoles)).toBeNull();
  });

  it('ignore blanks and duplicates', () => {
    document.cookie = `${STORAGE_KEYS.disabledRoles}=writer%2C%20%2Cwriter%2Cretagger; path=/`;
    expect(getDisabledRoles()).toEqual(['writer', 'retagger']);
  });
});

describe('activeRoles', () => {
  const roles = [{ token: 'retagger' }, { token: 'writer' }, { token: 'censored' }];

  it.each([
    [[], ['retagger', 'writer', 'censored']],
    [['writer'], ['retagger', 'censored']],
    [['writer', 'censored', 'retagger'], ['censored']],
    [['unknown'], ['retagger', 'writer', 'censored']],
  ])('with %j disabled → %j', (disabled, expected) => {
    expect(activeRoles(roles, disabled).map((r) => r.token)).toEqual(expected);
  });

  it('uses the stored disabled roles by default', () => {
    setDisabledRoles(['writer']);
    expect(activeRoles(roles).map((r) => r.token)).toEqual(['retagger', 'censored']);
  });
});
