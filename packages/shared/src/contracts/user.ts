import { z } from 'zod';
import { LANGUAGES, PERIODS, ROLE_TOKENS } from '../constants';
import { Campaign, FeatureMap, plainLine } from './common';
import { Email, Password, Username } from './auth';
import { TEAM_KINDS } from '../rules/capabilities';
import { SECOND_FACTOR_STATES } from '../rules/second-factor';

export const Profile = z
  .object({
    id: z.number().int(),
    language: z.enum(LANGUAGES),
    premium_until: z.number().int().nullable().describe('Unix seconds'),
    registration_campaign: Campaign,
    registration_region: z.string().nullable(),
    coins: z.number().int(),
    email: z.string(),
    email_verified: z.boolean().describe('The address was confirmed (double opt-in link, or a confirmed email change)'),
    avatar: z.number().int().nullable(),
    avatar_url: z.string().describe('Full URL of the avatar picture (product §3 avatar rule), on the CDN when there is one'),
    username: z.string(),
    chatname: z.string().nullable(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    street: z.string().nullable(),
    house: z.string().nullable(),
    zip: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    playdate_notification: z.boolean(),
    camera_mail_notification: z.boolean(),
    newsletter_subscribed: z.boolean().describe('Subscribed to the newsletter and not unsubscribed from all mails since'),
    age_verified: z.boolean(),
    age: z.number().int().nullable(),
    source: z.string().nullable(),
    other_source: z.string().nullable(),
    is_team_member: z.boolean(),
    team_kinds: z.array(z.enum(TEAM_KINDS)).describe('The kinds of a team member (support, moderator, finance, admin); empty for anyone else'),
    second_factor: z
      .enum(SECOND_FACTOR_STATES)
      .describe(
        'This session and the second factor (decision 070): not-needed for a customer; setup when the person works on the site and has no authenticator app yet; pending when a code is due; verified while back-office and studio calls may be made',
      ),
    model_id: z.number().int().nullable(),
    company: z.enum(['net', 'de', 'ch']).nullable(),
    features: FeatureMap,
    settings: z.object({ playdate_block: z.boolean(), upcoming_playdate_block: z.boolean() }),
    // period and period_count: the plan's duration, from which the web names it in the reader's language (decision 045).
    subscription: z.object({ type: z.object({ name: z.string(), token: z.string(), period: z.enum(PERIODS), period_count: z.number().int() }) }).nullable(),
    law_limitations: z.array(z.string()).describe('Empty when the user has none, e.g. ["country:SE"]'),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof Profile>;

export const UserLangBody = z.object({ lang: z.enum(LANGUAGES) });

export const ValidateUsernameBody = z.object({ username: z.string().max(254).check(...plainLine()) });
export const ValidateEmailBody = z.object({ email: z.string().max(254).check(...plainLine()) });
export const ValidationResult = z.object({
  valid: z.boolean(),
  reason: z.enum(['taken', 'format']).nullable(),
  message: z.string().nullable(),
});
export type ValidationResult = z.infer<typeof ValidationResult>;

export const Role = z.object({ token: z.enum(ROLE_TOKENS) });
export const RolesResponse = z.array(Role);
export type Role = z.infer<typeof Role>;

// ---- Account and settings (product §7 User) ----

/** Free text of the profile: trimmed; an empty string clears the field like null does. */
const clearable = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    // One line of text: a NUL would reach PostgreSQL as a 500, other control characters mean nothing here.
    .check(...plainLine())
    .nullable()
    .transform((v) => (v === '' || v === null ? null : v));

/** POST /user/change_password. `password` is the current one; the new one follows the registration rules. */
export const ChangePasswordBody = z.object({
  password: z.string().min(1, 'Required').max(200, 'Must be at most 200 characters').check(...plainLine()),
  newPassword: Password,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const CHAT_NAME_MAX = 32;
/** POST /user/change_username. chatName: null or empty clears it; left out, it stays as it is. */
export const ChangeUsernameBody = z.object({
  userName: Username,
  chatName: clearable(CHAT_NAME_MAX).optional(),
  password: z.string().min(1, 'Required').max(200, 'Must be at most 200 characters').check(...plainLine()),
});
export type ChangeUsernameBody = z.infer<typeof ChangeUsernameBody>;

/** POST /user/change_email. The password is optional (product §5); when given (non-empty) it must be right. */
export const ChangeEmailBody = z.object({
  newEmail: Email,
  password: z.string().max(200, 'Must be at most 200 characters').check(...plainLine()).nullable().optional(),
});
export type ChangeEmailBody = z.infer<typeof ChangeEmailBody>;

/** The query parameter of the mailed link that confirms a new address: `/?confirm_email=<token>`. */
export const CONFIRM_EMAIL_CHANGE_PARAM = 'confirm_email';
/** POST /user/confirm_email_change. */
export const ConfirmEmailChangeBody = z.object({ token: z.string().min(1, 'Required').max(200).check(...plainLine()).describe('The token of the mailed link') });
export type ConfirmEmailChangeBody = z.infer<typeof ConfirmEmailChangeBody>;

/** A 2-letter ISO 3166-1 code, stored upper-case; null or empty clears it. */
export const CountryCode = z
  .string()
  .trim()
  .regex(/^([A-Za-z]{2})?$/, 'Must be a 2-letter country code')
  .check(...plainLine())
  .nullable()
  .transform((v) => (v ? v.toUpperCase() : null));

/** POST /user/change_personal_data. A field left out stays as it is; null or empty clears it. */
export const ChangePersonalDataBody = z.object({
  firstName: clearable(100).optional(),
  lastName: clearable(100).optional(),
  street: clearable(200).optional(),
  house: clearable(20).optional(),
  zip: clearable(20).optional(),
  city: clearable(100).optional(),
  country: CountryCode.optional(),
});
export type ChangePersonalDataBody = z.infer<typeof ChangePersonalDataBody>;

export const ChangeNotificationSettingsBody = z.object({
  hasPlaydateNotification: z.boolean(),
  hasCameraMailNotification: z.boolean(),
});
export type ChangeNotificationSettingsBody = z.infer<typeof ChangeNotificationSettingsBody>;

/** Avatars 1..AVATAR_MAX are svgs named by the number (product §3 avatar rule). */
export const AVATAR_MAX = 40;
/** POST /user/change_avatar: null is the default, 0 the svg named by the user id, 1–40 a chosen svg. */
export const ChangeAvatarBody = z.object({
  avatar: z.number().int('Must be a whole number').min(0, 'Must be null or 0 to 40').max(AVATAR_MAX, 'Must be null or 0 to 40').nullable(),
});
export type ChangeAvatarBody = z.infer<typeof ChangeAvatarBody>;

export const PlaydateDescriptionBlockHiddenBody = z.object({ hideDescriptionBlock: z.boolean() });
export const UpcomingPlaydateBlockHiddenBody = z.object({ hide: z.boolean() });
