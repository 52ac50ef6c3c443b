// The valid password of a protected custom page, per path, for the rest of the browser session (product §4:
// "the valid password is then stored"). Session storage: it is gone when the tab closes.

const KEY_PREFIX = 'velora:page-password:';

function session(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function readPagePassword(path: string): string | null {
  try {
    return session()?.getItem(KEY_PREFIX + path) ?? null;
  } catch {
    return null;
  }
}

export function rememberPagePassword(path: string, password: string): void {
  try {
    session()?.setItem(KEY_PREFIX + path, password);
  } catch {
    // Storage full or disabled: the page asks again next time, nothing worse.
  }
}

export function forgetPagePassword(path: string): void {
  try {
    session()?.removeItem(KEY_PREFIX + path);
  } catch {
    // Nothing stored to forget.
  }
}
