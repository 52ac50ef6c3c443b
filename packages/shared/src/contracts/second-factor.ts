import { z } from 'zod';
import { RECOVERY_CODE_PATTERN } from '../rules/second-factor';

// Two-factor sign-in (decision record 070): the state of one's own second factor, setting up an authenticator app,
// proving a code on this session, and new recovery codes.

export const SecondFactorState = z
  .object({
    /** Whether this person signs in with a second factor (a team member, model, writer or retagger). */
    needed: z.boolean(),
    /** Whether an authenticator app is set up and confirmed. */
    enrolled: z.boolean(),
    /** Until when this session may make back-office and studio calls (unix seconds), null when it may not now. */
    verified_until: z.number().int().nullable(),
    /** Recovery codes not used yet. */
    recovery_codes_left: z.number().int().min(0),
  })
  .meta({ id: 'SecondFactorState' });

export const SecondFactorSetup = z
  .object({
    /** The secret in Base32, for typing into an app that cannot scan. */
    secret: z.string(),
    /** The otpauth:// URI the QR code holds. */
    otpauth_uri: z.string(),
    /** The QR code of `otpauth_uri` as an SVG document. */
    qr_svg: z.string(),
  })
  .meta({ id: 'SecondFactorSetup' });

const CODE_RULE = 'Must be the 6-digit code of your authenticator app';

/** A code of the authenticator app, spaces allowed as apps show it ("123 456"); the pattern is the whole rule. */
export const TotpCode = z
  .string()
  .regex(/^ *\d{3} ?\d{3} *$/, CODE_RULE)
  .transform((code) => code.replace(/ +/g, ''));

const ANY_CODE_RULE = 'Must be the 6-digit code of your authenticator app or one of your recovery codes (xxxxx-xxxxx)';

/** A code of the app or a recovery code as a person types it: spaces, capitals and a missing dash are forgiven. */
export const SecondFactorCode = z
  .string()
  .regex(/^ *(?:\d{3} ?\d{3}|[A-Za-z0-9]{5}[ -]?[A-Za-z0-9]{5}) *$/, ANY_CODE_RULE)
  .transform((code) => {
    const compact = code.replace(/[ -]+/g, '').toLowerCase();
    return compact.length === 10 ? `${compact.slice(0, 5)}-${compact.slice(5)}` : compact;
  });

export const SecondFactorConfirmBody = z.object({ code: TotpCode });
export const SecondFactorVerifyBody = z.object({ code: SecondFactorCode });

export const RecoveryCodes = z
  .object({ recovery_codes: z.array(z.string().regex(RECOVERY_CODE_PATTERN)) })
  .meta({ id: 'RecoveryCodes' });
export type SecondFactorState = z.infer<typeof SecondFactorState>;
export type SecondFactorSetup = z.infer<typeof SecondFactorSetup>;
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;
