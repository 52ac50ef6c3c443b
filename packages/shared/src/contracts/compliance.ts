import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { plainLine } from './common';

// Age verification, identity-provider sign-in and law limits (product §1, §4, §6).

/** GET /user/verification_age: where to send the member to verify their age. */
export const AgeVerificationStart = z.object({
  url: z.string().describe("The provider's page; the sandbox provider's is on this site"),
});
export type AgeVerificationStart = z.infer<typeof AgeVerificationStart>;

/** The marker the age-verification flow puts on the root URL when it returns: `/?age_verification=success`. */
export const AGE_VERIFICATION_RESULT_PARAM = 'age_verification';
export const AGE_VERIFICATION_RESULTS = ['success', 'cancelled'] as const;

export const IdentityProviderParam = z.object({ provider: z.string().max(64).check(...plainLine()) });

export const IdentitySignInBody = z.object({
  token: z.string().trim().min(1, 'Required').max(8192, 'Must be at most 8192 characters').check(...plainLine()).describe('The OpenID Connect ID token'),
  language: z.enum(LANGUAGES),
  landing_id: z.union([z.number().int().positive(), z.string().trim().max(64).check(...plainLine())]).nullable().optional(),
});
export type IdentitySignInBody = z.infer<typeof IdentitySignInBody>;

/** The error code of a 451 on a law-limited call (product §4: country SE). */
export const LAW_LIMITED_CODE = 'LAW_LIMITED';
export const LAW_LIMITED_MESSAGE = 'This is not available in your country';

/** The sandbox age-verification page: GET /age-verification/sandbox/{session}, POST …/{session}/complete. */
export const AgeVerificationSessionParam = z.object({ session: z.string().max(200).check(...plainLine()) });
export const AgeVerificationDecisionBody = z.object({ decision: z.enum(['confirm', 'cancel'], { message: 'Must be confirm or cancel' }) });
