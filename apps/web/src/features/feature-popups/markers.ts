// What the feature popups remember in this browser. Local storage where it should last (the double opt-in was
// dismissed, a feature was introduced); session storage where asking again another day is fine (organic).

const DOUBLE_OPT_IN_KEY = 'velora:double-opt-in';
const ORGANIC_KEY = 'velora:organic-dismissed';
const INTRODUCED_KEY = 'velora:features-introduced';

function storage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? localStorage : sessionStorage;
  } catch {
    return null;
  }
}

function read(kind: 'local' | 'session', key: string): string | null {
  try {
    return storage(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(kind: 'local' | 'session', key: string, value: string): void {
  try {
    storage(kind)?.setItem(key, value);
  } catch {
    // Storage full or disabled: the popup may ask once more, nothing worse.
  }
}

/** The double opt-in marker of product §4, per user: dismissed, or the link was sent. */
export function hasDoubleOptInMarker(userId: number): boolean {
  return read('local', `${DOUBLE_OPT_IN_KEY}:${userId}`) !== null;
}
export function storeDoubleOptInMarker(userId: number): void {
  write('local', `${DOUBLE_OPT_IN_KEY}:${userId}`, String(Date.now()));
}

export function isOrganicDismissed(userId: number): boolean {
  return read('session', `${ORGANIC_KEY}:${userId}`) !== null;
}
export function dismissOrganic(userId: number): void {
  write('session', `${ORGANIC_KEY}:${userId}`, '1');
}

export function introducedFeatures(userId: number): Set<string> {
  const raw = read('local', `${INTRODUCED_KEY}:${userId}`);
  return new Set(raw ? raw.split(',').filter(Boolean) : []);
}
export function rememberIntroduced(userId: number, feature: string): void {
  const seen = introducedFeatures(userId);
  seen.add(feature);
  write('local', `${INTRODUCED_KEY}:${userId}`, [...seen].join(','));
}
