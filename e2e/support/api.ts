import { DEMO_STAFF, proveSecondFactor } from './second-factor';

// Small helpers for browser tests that need to ask the API directly (log in, wait for background work).

export async function loginToken(baseUrl: string, username: string, password = 'demo-password'): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  const token = ((await res.json()) as { access_token: string }).access_token;
  // A staff account's session makes studio and back-office calls once its second factor is proven, as after the dialog.
  if (DEMO_STAFF.has(username)) await proveSecondFactor(baseUrl, username, token);
  return token;
}

export async function getJson<T>(baseUrl: string, path: string, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl}/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Polls until `check` returns a value, or fails after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => Promise<T | null | undefined>, timeoutMs = 180_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}
