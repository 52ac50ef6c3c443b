import { generate } from 'otplib';
import { DEMO_TOTP_SECRET } from '../../apps/server/src/demo/seed-accounts';

// Two-factor sign-in of the demo's staff accounts (decision record 070): their codes, computed from the published
// secret as an authenticator app would. A code is good once (the server refuses a step used before), so each account's
// last step is kept here and the next code is of a later step, waiting for it when two were used within 30 seconds.

const STEP_MS = 30_000;
const lastStep = new Map<string, number>();

/** The demo accounts that work on the site and so sign in with a second factor. */
export const DEMO_STAFF = new Set(['model', 'writer', 'retagger', 'admin']);

/** A code of `username`'s app not used before on that server (the server accepts the step before and after now). */
export async function nextCode(baseUrl: string, username: string, secret = DEMO_TOTP_SECRET): Promise<string> {
  const key = `${baseUrl} ${username}`;
  const now = Math.floor(Date.now() / STEP_MS);
  const step = Math.max(now, (lastStep.get(key) ?? -Infinity) + 1);
  // One step ahead is accepted; two are not yet: wait until the step before it has begun.
  if (step > now + 1) await new Promise((resolve) => setTimeout(resolve, (step - 1) * STEP_MS - Date.now() + 50));
  lastStep.set(key, step);
  return generate({ secret, epoch: Math.floor((step * STEP_MS) / 1000) });
}

/** Proves a session of a demo staff account with its next code (POST /auth/second-factor/verify). */
export async function proveSecondFactor(baseUrl: string, username: string, token: string): Promise<void> {
  const res = await fetch(`${baseUrl}/api/auth/second-factor/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ code: await nextCode(baseUrl, username) }),
  });
  if (!res.ok) throw new Error(`second factor of ${username}: ${res.status} ${await res.text()}`);
}
