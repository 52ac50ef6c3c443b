import { z } from 'zod';
import { plainLine } from './common';
import { LANGUAGES } from '../constants';
import { RESERVED_MESSAGE_SEGMENTS } from './messages';

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
const RESERVED_USERNAMES = new Set<string>(RESERVED_MESSAGE_SEGMENTS);
/** Names no account may take, in any case (the provider's inbox and the calls under /messages). */
export const isReservedUsername = (name: string) => RESERVED_USERNAMES.has(name.trim().toLowerCase());
export const Username = z
  .string()
  .trim()
  .min(3, 'Must be at least 3 characters')
  .max(32, 'Must be at most 32 characters')
  .regex(USERNAME_PATTERN, 'Use only letters, digits, dot, dash and underscore')
  .check(...plainLine())
  // A username is a path segment of /messages/{name}: it must not be one of the calls under /messages.
  .refine((name) => !isReservedUsername(name), 'This name is reserved');
export const Email = z.string().trim().max(254).email('Must be a valid email address').check(...plainLine());
// A password is one line too: no keyboard types a control character into a password field.
export const Password = z.string().min(8, 'Must be at least 8 characters').max(200, 'Must be at most 200 characters').check(...plainLine());

export const LoginBody = z.object({
  username: z.string().trim().min(1, 'Required').max(254).check(...plainLine()),
  password: z.string().min(1, 'Required').max(200).check(...plainLine()),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const AccessTokenResponse = z
  .object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_at: z.number().int().describe('Unix seconds'),
    redirect_url: z.string().nullable().optional(),
  })
  .meta({ id: 'AccessTokenResponse' });
export type AccessTokenResponse = z.infer<typeof AccessTokenResponse>;

export const RegisterBody = z.object({
  username: Username,
  email: Email,
  password: Password,
  language: z.enum(LANGUAGES).optional(),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const ForgotPasswordBody = z
  .object({
    username: z.string().trim().max(254).check(...plainLine()).optional().nullable(),
    email: z.string().trim().max(254).check(...plainLine()).optional().nullable(),
  })
  .refine((b) => Boolean(b.username) || Boolean(b.email), {
    message: 'Give a username or an email address',
    path: ['username'],
  })
  // The refinement's rule as the document states it (decision record 064): one of the two has a non-space character
  // (the fields are trimmed, so a blank one counts as absent).
  .meta({
    anyOf: (['username', 'email'] as const).map((name) => ({ required: [name], properties: { [name]: { type: 'string', pattern: '\\S' } } })),
  });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

export const ResetPasswordBody = z.object({
  password: Password,
  reset_key: z.string().trim().min(1, 'Required').max(200).check(...plainLine()),
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

export const LoginByHashBody = z.object({ hash: z.string().trim().min(1, 'Required').max(200).check(...plainLine()) });
export type LoginByHashBody = z.infer<typeof LoginByHashBody>;

/** Whose a log-in link is, so the page can ask "Log in as …?" before using it (decision record 030). */
export const LoginLinkOwner = z.object({ username: z.string() }).meta({ id: 'LoginLinkOwner' });
export type LoginLinkOwner = z.infer<typeof LoginLinkOwner>;

/** How long a sister domain's hand-over code may be exchanged (product §1; decision record 030). */
export const HAND_OVER_CODE_TTL_SECONDS = 60;

/** POST /auth/hand_over: a one-time code for the main domain, instead of the session token in a URL. */
export const HandOverCode = z
  .object({
    code: z.string(),
    expires_at: z.number().int().describe('Unix seconds; at most 60 s ahead'),
  })
  .meta({ id: 'HandOverCode' });
export type HandOverCode = z.infer<typeof HandOverCode>;

export const HandOverCodeBody = z.object({ code: z.string().trim().min(1, 'Required').max(200, 'Must be at most 200 characters').check(...plainLine()) });
export type HandOverCodeBody = z.infer<typeof HandOverCodeBody>;
