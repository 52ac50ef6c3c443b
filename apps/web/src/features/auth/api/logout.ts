import { call } from '@/lib/http/call';

/** Ends the session on the server; the token stops working everywhere. */
export async function logout(): Promise<void> {
  await call('auth.logout');
}
