import type { LoginLinkOwner } from '@velora/shared';
import { requireData } from '@/lib/http';
import { call } from '@/lib/http/call';
import type { LoginLink } from '../pending-login';

/** Whose account a log-in link opens, without using it (the page asks before it logs in). */
export function loginLinkOwner(link: LoginLink): Promise<LoginLinkOwner> {
  return link.kind === 'hash'
    ? requireData(call('auth.loginHashOwner', { body: { hash: link.credential } }))
    : requireData(call('auth.handOverOwner', { body: { code: link.credential } }));
}
