import { HAND_OVER_CODE_TTL_SECONDS, type AccessTokenResponse, type HandOverCode, type LoginLinkOwner } from '@velora/shared';
import type { Platform } from '../../platform';
import { badRequest } from '../../lib/http-error';
import { RATE_LIMITS, limitReached } from '../../lib/rate-limits';
import { hashSecret, newSecret, type SessionsService } from '../sessions/sessions.service';
import type { UsersService } from '../users/users.service';
import { authRepository, type OneTimeKeyPurpose } from './auth.repository';
import type { ClientInfo } from './auth.service';

// Log-in links that are not typed passwords: the sister domain's hand-over code (product §1) and the look-ups that name a
// link's account so the page asks "Log in as …?" before using it (decision record 030: login CSRF).

export const HAND_OVER_CODE_TTL_MS = HAND_OVER_CODE_TTL_SECONDS * 1000;
export const INVALID_HAND_OVER_CODE = 'This hand-over code is invalid, used or expired. Log in with your password.';
export const INVALID_LOGIN_LINK = 'This log-in link is invalid or has expired. Log in with your password, or ask for a new link.';

export interface AuthLinksDeps extends Pick<Platform, 'db' | 'now' | 'rateLimits'> {
  sessions: Pick<SessionsService, 'create'>;
  users: Pick<UsersService, 'usernameOf'>;
}

export const accessTokenResponse = (session: { token: string; expiresAt: Date }): AccessTokenResponse => ({
  access_token: session.token,
  token_type: 'Bearer',
  expires_at: Math.floor(session.expiresAt.getTime() / 1000),
  redirect_url: null,
});

export function createAuthLinksService({ db, now, rateLimits, sessions, users }: AuthLinksDeps) {
  const sessionMeta = (client: ClientInfo) => ({ ip: client.ip, userAgent: client.userAgent?.slice(0, 512) ?? null });

  async function ownerName(purpose: OneTimeKeyPurpose, secret: string, client: ClientInfo, invalid: () => Error): Promise<LoginLinkOwner> {
    const limit = RATE_LIMITS.loginLinkOwnersPerAddress;
    const counted = await rateLimits.consume(`link-owner:address:${client.ip}`, limit);
    if (!counted.allowed) throw limitReached('log-in link checks from your address', limit, counted.retryAfterMs);
    const owner = await authRepository.findUsableKeyOwner(db, purpose, hashSecret(secret), now());
    const username = owner === null ? null : await users.usernameOf(owner);
    if (username === null) throw invalid();
    return { username };
  }

  const invalidCode = () => badRequest(INVALID_HAND_OVER_CODE, { code: INVALID_HAND_OVER_CODE });
  const invalidHash = () => badRequest(INVALID_LOGIN_LINK, { hash: INVALID_LOGIN_LINK });

  return {
    /** A one-time code for the main domain, stored hashed like every key, usable once within a minute. */
    async createHandOver(userId: number): Promise<HandOverCode> {
      const code = newSecret();
      const at = now();
      const expiresAt = new Date(at.getTime() + HAND_OVER_CODE_TTL_MS);
      await authRepository.insertKey(db, { userId, purpose: 'hand_over', keyHash: hashSecret(code), expiresAt, now: at });
      return { code, expires_at: Math.floor(expiresAt.getTime() / 1000) };
    },

    /** Uses the code (one statement: two parallel exchanges cannot both win) and opens a new session for its user. */
    async exchangeHandOver(code: string, client: ClientInfo): Promise<AccessTokenResponse> {
      const session = await db.transaction(async (tx) => {
        const owner = await authRepository.consumeKey(tx, 'hand_over', hashSecret(code), now());
        if (owner === null) throw invalidCode();
        return sessions.create(owner, sessionMeta(client), tx);
      });
      return accessTokenResponse(session);
    },

    handOverOwner: (code: string, client: ClientInfo) => ownerName('hand_over', code, client, invalidCode),
    loginHashOwner: (hash: string, client: ClientInfo) => ownerName('login_hash', hash, client, invalidHash),
  };
}
export type AuthLinksService = ReturnType<typeof createAuthLinksService>;
