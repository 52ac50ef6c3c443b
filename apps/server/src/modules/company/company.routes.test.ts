import { DEFAULT_COMPANY_VALUES, GetCompanyResponse } from '@velora/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../../test/catalog-fixture';
import { asMember } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { mergeCompanyValues } from './company.service';

let t: TestApp;
const now = () => new Date('2030-05-01T12:00:00Z');
const url = '/api/feature/get_company';

function getCompany(headers: Record<string, string> = {}, viewer?: Viewer) {
  return t.app.inject({ method: 'POST', url, headers: { ...headers, ...(viewer ? { authorization: `Bearer ${viewer.token}` } : {}) } });
}
async function companyOf(headers: Record<string, string> = {}, viewer?: Viewer): Promise<string> {
  const res = await getCompany(headers, viewer);
  expect(res.statusCode).toBe(200);
  return res.json().company;
}
const withCompany = (company: 'net' | 'de' | 'ch' | null) => asMember(t, { company });

beforeAll(async () => {
  t = await buildTestApp({ now });
});

afterAll(async () => {
  await t.close();
});

describe('POST /feature/get_company (product §1)', () => {
  it('answers a visitor with the variant and every value of the contract', async () => {
    const res = await getCompany({ host: 'www.velora.ch' });
    expect(res.statusCode).toBe(200);
    expect(() => GetCompanyResponse.strict().parse(res.json())).not.toThrow();
    expect(res.json()).toEqual({ company: 'ch', values: DEFAULT_COMPANY_VALUES.ch });
  });

  it.each([
    ['velora.net', 'net'],
    ['www.velora.de', 'de'],
    ['velora.ch:8443', 'ch'],
    ['velora.com', 'de'],
    ['velora.io', 'de'],
    ['localhost:8080', 'de'],
  ])('chooses by the Host %s → %s', async (host, expected) => {
    expect(await companyOf({ host })).toBe(expected);
  });

  it.each([
    ['net', 'net'],
    ['de', 'de'],
    ['ch', 'ch'],
    ['com', 'de'],
  ])('chooses by the X-Tld-Source %s → %s, over the Host', async (tld, expected) => {
    expect(await companyOf({ host: 'velora.net', 'x-tld-source': tld })).toBe(expected);
  });

  it("takes the member's company on a neutral domain, and the domain over it", async () => {
    const swiss = await withCompany('ch');
    expect(await companyOf({ host: 'localhost' }, swiss)).toBe('ch');
    expect(await companyOf({ host: 'velora.net' }, swiss)).toBe('net');
    // The profile reflects it.
    expect((await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${swiss.token}` } })).json().company).toBe('ch');
  });

  it("takes the visit's company feature next: site-wide, or through the visit's campaign", async () => {
    const features = t.services.features;
    await features.set({ name: 'company', is_active: false, version: null, settings: { company: 'net' } });
    expect(await companyOf({ host: 'localhost' })).toBe('de');

    await features.setForCampaign('swiss-launch', { name: 'company', is_active: true, version: null, settings: { company: 'ch' } });
    const visit = (await t.app.inject({ method: 'GET', url: '/api/track/visit?campaign=swiss-launch' })).json();
    expect(visit.features.company).toEqual({ is_active: true, version: null, settings: { company: 'ch' } });
    expect(await companyOf({ host: 'localhost', 'x-visit-id': visit.id })).toBe('ch');
    // A member without a company of their own sees it too; one with a company keeps theirs.
    expect(await companyOf({ host: 'localhost', 'x-visit-id': visit.id }, await withCompany(null))).toBe('ch');
    expect(await companyOf({ host: 'localhost', 'x-visit-id': visit.id }, await withCompany('net'))).toBe('net');

    await features.set({ name: 'company', is_active: true, version: null, settings: { company: 'net' } });
    expect(await companyOf({ host: 'localhost' })).toBe('net');
    await features.set({ name: 'company', is_active: false, version: null, settings: {} });
  });

  it('falls back to the German variant for anyone, with a garbage token or an unknown visit', async () => {
    expect(await companyOf({ host: 'localhost', authorization: 'Bearer garbage', 'x-visit-id': '6b1f3f2e-1c7b-4d0e-9a55-3c2f4f1d9e10' })).toBe('de');
  });

  it('ignores a body', async () => {
    const res = await t.app.inject({ method: 'POST', url, headers: { host: 'velora.ch' }, payload: { company: 'net' } });
    expect(res.json().company).toBe('ch');
  });

  it("serves an operator's overrides over the built-in values, field by field", async () => {
    await t.services.company.setOverrides('de', { managing_director: 'Max Beispiel', address: { city: 'Hamburg' }, vat_id: 42 });
    const { values } = (await getCompany({ host: 'velora.de' })).json();
    expect(values).toEqual({
      ...DEFAULT_COMPANY_VALUES.de,
      managing_director: 'Max Beispiel',
      address: { ...DEFAULT_COMPANY_VALUES.de.address, city: 'Hamburg' },
    });
    await t.services.company.setOverrides('de', {});
  });
});

describe('mergeCompanyValues', () => {
  it('keeps the built-in value for blanks, wrong types and unknown keys', () => {
    const merged = mergeCompanyValues(DEFAULT_COMPANY_VALUES.net, { name: '  ', legal_form: null, extra: 'x', address: 'not an object' });
    expect(merged).toEqual(DEFAULT_COMPANY_VALUES.net);
  });
});
