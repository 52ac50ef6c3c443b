import type { AgeVerificationStart } from '@velora/shared';
import type { Platform } from '../../platform';
import { HttpError } from '../../lib/http-error';
import { hashSecret, newSecret } from '../sessions/sessions.service';
import type { UsersService } from '../users/users.service';
import { sandboxProvider, type AgeVerificationProvider } from './age-verification.provider';
import { ageVerificationRepository } from './age-verification.repository';

/** How long a started verification may be completed. */
export const AGE_VERIFICATION_TTL_MS = 30 * 60_000;

export type AgeVerificationOutcome = 'verified' | 'cancelled';

export function providerFor(config: Platform['config']): AgeVerificationProvider | null {
  return config.ageVerificationProvider === 'sandbox' ? sandboxProvider : null;
}

export function createAgeVerificationService(deps: Pick<Platform, 'db' | 'config' | 'now'> & { users: UsersService }, provider = providerFor(deps.config)) {
  const { db, now, users } = deps;

  return {
    provider,

    /** Starts an attempt for the member and returns where to send them (product §7 GET /user/verification_age). */
    async start(userId: number): Promise<AgeVerificationStart> {
      if (!provider) throw new HttpError(503, 'AGE_VERIFICATION_UNAVAILABLE', 'Age verification is not available right now.');
      const sessionToken = newSecret();
      const at = now();
      await ageVerificationRepository.insert(db, {
        userId,
        provider: provider.name,
        tokenHash: hashSecret(sessionToken),
        createdAt: at,
        expiresAt: new Date(at.getTime() + AGE_VERIFICATION_TTL_MS),
      });
      return provider.start({ sessionToken, userId });
    },

    /** Whether an attempt can still be completed. */
    async isPending(sessionToken: string): Promise<boolean> {
      if (!provider) return false;
      return (await ageVerificationRepository.findPending(db, provider.name, hashSecret(sessionToken), now())) !== null;
    },

    /**
     * The provider's outcome for an attempt: a verified one marks the user age_verified. Returns the user, or null
     * when the attempt is unknown, expired or already settled. One transaction: the attempt and the user change together.
     */
    async complete(sessionToken: string, outcome: AgeVerificationOutcome): Promise<number | null> {
      if (!provider) return null;
      return db.transaction(async (tx) => {
        const userId = await ageVerificationRepository.settle(tx, provider.name, hashSecret(sessionToken), outcome, now());
        if (userId !== null && outcome === 'verified') await users.setAgeVerified(userId, tx);
        return userId;
      });
    },
  };
}
export type AgeVerificationService = ReturnType<typeof createAgeVerificationService>;
