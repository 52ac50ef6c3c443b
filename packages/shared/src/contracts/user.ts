import { z } from 'zod';
import { LANGUAGES, ROLE_TOKENS } from '../constants';
import { Campaign, FeatureMap } from './common';

export const Profile = z
  .object({
    id: z.number().int(),
    language: z.enum(LANGUAGES),
    premium_until: z.number().int().nullable().describe('Unix seconds'),
    registration_campaign: Campaign,
    registration_region: z.string().nullable(),
    coins: z.number().int(),
    email: z.string(),
    avatar: z.number().int().nullable(),
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
    age_verified: z.boolean(),
    age: z.number().int().nullable(),
    source: z.string().nullable(),
    other_source: z.string().nullable(),
    is_team_member: z.boolean(),
    model_id: z.number().int().nullable(),
    company: z.enum(['net', 'de', 'ch']).nullable(),
    features: FeatureMap,
    settings: z.object({ playdate_block: z.boolean(), upcoming_playdate_block: z.boolean() }),
    subscription: z.object({ type: z.object({ name: z.string(), token: z.string() }) }).nullable(),
    law_limitations: z.array(z.string()).describe('Empty when the user has none, e.g. ["country:SE"]'),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof Profile>;

export const UserLangBody = z.object({ lang: z.enum(LANGUAGES) });

export const ValidateUsernameBody = z.object({ username: z.string().max(254) });
export const ValidateEmailBody = z.object({ email: z.string().max(254) });
export const ValidationResult = z.object({
  valid: z.boolean(),
  reason: z.enum(['taken', 'format']).nullable(),
  message: z.string().nullable(),
});
export type ValidationResult = z.infer<typeof ValidationResult>;

export const Role = z.object({ token: z.enum(ROLE_TOKENS) });
export const RolesResponse = z.array(Role);
export type Role = z.infer<typeof Role>;
