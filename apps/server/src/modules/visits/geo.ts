import { BlockList, isIP } from 'node:net';
import type * as GeoipLite from 'geoip-lite';
import { normalizeUsRegion } from '@velora/shared';

// Where a request comes from: the CDN's geo headers when we sit behind one we trust, else the bundled GeoIP data.

export interface GeoLocation {
  /** ISO 3166-1 alpha-2, upper case; null when unknown. */
  country: string | null;
  /** Lower-case region name for US states ('texas'), else the provider's region, lower case; null when unknown. */
  region: string | null;
}

export const UNKNOWN_LOCATION: GeoLocation = { country: null, region: null };

const US_STATES: Record<string, string> = {
  AL: 'alabama', AK: 'alaska', AZ: 'arizona', AR: 'arkansas', CA: 'california', CO: 'colorado', CT: 'connecticut',
  DE: 'delaware', DC: 'district of columbia', FL: 'florida', GA: 'georgia', HI: 'hawaii', ID: 'idaho', IL: 'illinois',
  IN: 'indiana', IA: 'iowa', KS: 'kansas', KY: 'kentucky', LA: 'louisiana', ME: 'maine', MD: 'maryland',
  MA: 'massachusetts', MI: 'michigan', MN: 'minnesota', MS: 'mississippi', MO: 'missouri', MT: 'montana',
  NE: 'nebraska', NV: 'nevada', NH: 'new hampshire', NJ: 'new jersey', NM: 'new mexico', NY: 'new york',
  NC: 'north carolina', ND: 'north dakota', OH: 'ohio', OK: 'oklahoma', OR: 'oregon', PA: 'pennsylvania',
  RI: 'rhode island', SC: 'south carolina', SD: 'south dakota', TN: 'tennessee', TX: 'texas', UT: 'utah',
  VT: 'vermont', VA: 'virginia', WA: 'washington', WV: 'west virginia', WI: 'wisconsin', WY: 'wyoming',
  PR: 'puerto rico',
};

/** US regions become lower-case state names whether they arrive as codes ('TX') or names ('Texas'). */
export function normalizeRegion(country: string | null, region: string | null | undefined): string | null {
  // eslint-disable-next-line no-control-regex -- control characters never belong in a region name
  const trimmed = region?.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 64);
  if (!trimmed) return null;
  if (country === 'US') return US_STATES[trimmed.toUpperCase()] ?? normalizeUsRegion(trimmed);
  return trimmed.toLowerCase();
}

/** 'XX' (unknown) and 'T1' (Tor) are Cloudflare's placeholders, not countries. */
export function normalizeCountry(value: string | null | undefined): string | null {
  const code = value?.trim().toUpperCase();
  if (!code || !/^[A-Z]{2}$/.test(code) || code === 'XX' || code === 'T1') return null;
  return code;
}

const PRIVATE = new BlockList();
for (const [net, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16]] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [['::', 127], ['fc00::', 7], ['fe80::', 10]] as const) PRIVATE.addSubnet(net, prefix, 'ipv6');

/** Strips the IPv4-mapped IPv6 prefix Node reports for IPv4 clients on dual-stack sockets. */
function plainAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

export function isPrivateAddress(ip: string): boolean {
  const address = plainAddress(ip);
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

type GeoipModule = typeof GeoipLite;
let geoip: Promise<GeoipModule> | null = null;

/** The GeoIP tables take ~150 MB and ~150 ms to load, so only a first public address pays for them. */
function loadGeoip(): Promise<GeoipModule> {
  geoip ??= import('geoip-lite').then((m) => ((m as { default?: GeoipModule }).default ?? m) as GeoipModule);
  return geoip;
}

export async function lookupAddress(ip: string): Promise<GeoLocation> {
  if (isPrivateAddress(ip)) return UNKNOWN_LOCATION;
  const hit = (await loadGeoip()).lookup(plainAddress(ip));
  if (!hit) return UNKNOWN_LOCATION;
  const country = normalizeCountry(hit.country);
  return { country, region: normalizeRegion(country, hit.region) };
}

export interface GeoRequest {
  ip: string;
  headers: Record<string, string | string[] | undefined>;
}

/** Node decodes header bytes as Latin-1; CDNs send region names ("Baden-Württemberg") as UTF-8. */
function fromLatin1(value: string): string {
  if (!/[\u0080-\u00ff]/.test(value)) return value;
  const utf8 = Buffer.from(value, 'latin1').toString('utf8');
  return utf8.includes('\ufffd') ? value : utf8;
}

const header = (headers: GeoRequest['headers'], name: string) => {
  const value = headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : fromLatin1(first);
};

/**
 * The CDN's CF-IPCountry / CF-Region headers are only believed when TRUST_GEO_HEADERS says a CDN sets them;
 * otherwise any client could claim any country and dodge the law checks of product §4.
 */
export async function locate(request: GeoRequest, trustGeoHeaders: boolean): Promise<GeoLocation> {
  if (trustGeoHeaders) {
    const country = normalizeCountry(header(request.headers, 'cf-ipcountry'));
    if (country) return { country, region: normalizeRegion(country, header(request.headers, 'cf-region')) };
  }
  return lookupAddress(request.ip);
}
