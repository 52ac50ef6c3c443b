import { AVATAR_CHOICES } from '@velora/shared';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http';
import { en } from '@/locales';
import { avatarChoiceUrl } from './avatar-urls';
import { COUNTRY_CODES, countryOptions, countryOptionsWith } from './countries';
import { minutesToWait, refusalOf, showRefusal } from './refusals';

describe('avatarChoiceUrl', () => {
  it.each([
    ['a CDN host', 'https://cdn.example.test/media/avatars/5.svg', 5, 'https://cdn.example.test/media'],
    ['the same origin', '/media/avatars/5.svg', 5, '/media'],
    ['the account picture as current', 'https://cdn.example.test/media/avatars/users/9.svg', 0, 'https://cdn.example.test/media'],
    ['the default as current', 'https://cdn.example.test/media/avatars/default.svg', null, 'https://cdn.example.test/media'],
  ] as const)('builds every choice beside the current avatar, on %s', (_case, avatarUrl, avatar, base) => {
    const profile = { id: 9, avatar, avatar_url: avatarUrl };
    expect(AVATAR_CHOICES.map((choice) => avatarChoiceUrl(profile, choice)).slice(0, 3)).toEqual([
      `${base}/avatars/default.svg`,
      `${base}/avatars/users/9.svg`,
      `${base}/avatars/1.svg`,
    ]);
    expect(avatarChoiceUrl(profile, avatar)).toBe(avatarUrl);
  });

  it('falls back to the same origin when the current URL is not of the avatar rule', () => {
    expect(avatarChoiceUrl({ id: 9, avatar: 3, avatar_url: 'https://elsewhere.test/pic.png' }, 4)).toBe('/media/avatars/4.svg');
  });
});

describe('countries', () => {
  it('lists every ISO 3166-1 code once, named and sorted in the language', () => {
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    const german = countryOptions('de');
    expect(german.find((c) => c.code === 'DE')?.name).toBe('Deutschland');
    expect(countryOptions('fr').find((c) => c.code === 'DE')?.name).toBe('Allemagne');
    const names = german.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('de').compare));
  });

  it('keeps an unusual stored code selectable', () => {
    expect(countryOptionsWith('en', 'XK')[0]).toEqual({ code: 'XK', name: 'XK' });
    expect(countryOptionsWith('en', 'DE')).toBe(countryOptions('en'));
    expect(countryOptionsWith('en', null)).toBe(countryOptions('en'));
  });
});

describe('refusals', () => {
  const t = i18next.createInstance();
  void t.init({ lng: 'en', resources: { en: { translation: en } }, initAsync: false });
  const error = (status: number, message: string, fields?: Record<string, string>) =>
    new ApiError({ status, statusText: '', body: { error: { code: 'X', message, ...(fields ? { fields } : {}) } }, path: '' });

  it('reads the wait out of a 429', () => {
    expect(minutesToWait('Too many wrong passwords. Try again in 3 minutes.')).toBe(3);
    expect(minutesToWait('Too many email changes. Try again in 1 minute.')).toBe(1);
    expect(minutesToWait('Slow down')).toBeNull();
    expect(refusalOf(error(429, 'Slow down'), t.t)).toEqual({ fields: {}, form: 'Too many attempts. Please wait a few minutes and try again.' });
  });

  it('puts field refusals at their fields, in our words where we have them', () => {
    const refusal = refusalOf(error(409, 'taken', { userName: 'This username is taken', other: 'Server words' }), t.t, {
      userName: { 409: 'Ours' },
    });
    expect(refusal).toEqual({ fields: { userName: 'Ours', other: 'Server words' }, form: null });
    const set: Array<[string, string]> = [];
    expect(showRefusal(refusal, ['userName'], (field, message) => set.push([field, message]))).toBe('Server words');
    expect(set).toEqual([['userName', 'Ours']]);
  });

  it('falls back to a general failure', () => {
    expect(refusalOf(new Error('network'), t.t).form).toBe('This could not be saved. Please try again.');
    expect(refusalOf(error(400, 'bad'), t.t).form).toBe('This could not be saved. Please try again.');
  });
});
