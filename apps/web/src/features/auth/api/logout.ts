import { api } from '@/lib/http';

/** Ends the session on the server; the token stops working everywhere. */
export async function logout(): Promise<void> {
  await api.post<Record<string, never>>('/auth/logout');
}
