import { z } from 'zod';
import { COMPANY_VARIANTS } from '../rules/company';
import { plainLine, plainLines } from './common';

// The /feature/* calls of product §7.

/** Where a member says they heard of the site (organic popup); 'other' needs other_source. */
export const ORGANIC_SOURCES = ['search_engine', 'social_media', 'friend', 'advertisement', 'forum', 'news', 'other'] as const;
export type OrganicSource = (typeof ORGANIC_SOURCES)[number];

export const ORGANIC_MIN_AGE = 18;
export const ORGANIC_MAX_AGE = 120;
export const FEEDBACK_MESSAGE_MAX = 2000;

const Rating = z
  .number({ message: 'Must be a whole number from 1 to 5' })
  .int('Must be a whole number from 1 to 5')
  .min(1, 'Must be a whole number from 1 to 5')
  .max(5, 'Must be a whole number from 1 to 5');
const Message = z.string().trim().max(FEEDBACK_MESSAGE_MAX, `Must be at most ${FEEDBACK_MESSAGE_MAX} characters`).check(...plainLines());

export const SetOrganicDataBody = z
  .object({
    age: z
      .number({ message: `Must be a whole number from ${ORGANIC_MIN_AGE} to ${ORGANIC_MAX_AGE}` })
      .int(`Must be a whole number from ${ORGANIC_MIN_AGE} to ${ORGANIC_MAX_AGE}`)
      .min(ORGANIC_MIN_AGE, `Must be a whole number from ${ORGANIC_MIN_AGE} to ${ORGANIC_MAX_AGE}`)
      .max(ORGANIC_MAX_AGE, `Must be a whole number from ${ORGANIC_MIN_AGE} to ${ORGANIC_MAX_AGE}`),
    source: z.enum(ORGANIC_SOURCES, { message: `Must be one of ${ORGANIC_SOURCES.join(', ')}` }),
    other_source: z
      .string()
      .trim()
      .max(200, 'Must be at most 200 characters')
      .check(...plainLine())
      .nullable()
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.source === 'other' && !body.other_source) {
      ctx.addIssue({ code: 'custom', path: ['other_source'], message: "Required when source is 'other'" });
    }
  })
  // The same rule as the document states it (decision record 064); a blank other_source is trimmed to none.
  .meta({
    if: { required: ['source'], properties: { source: { const: 'other' } } },
    then: { required: ['other_source'], properties: { other_source: { type: 'string', pattern: '\\S' } } },
  });
export type SetOrganicDataBody = z.infer<typeof SetOrganicDataBody>;

export const FeedbackBody = z.object({
  rating: Rating,
  message: Message.optional().default(''),
  type: z
    .string()
    .trim()
    .regex(/^[a-z0-9_-]{1,64}$/, 'Use 1 to 64 lower-case letters, digits, dash and underscore')
    .check(...plainLine())
    .nullable()
    .optional(),
});
export type FeedbackBody = z.infer<typeof FeedbackBody>;

/**
 * A feature, by its name (`trailer`) or its numeric id (`3`). Both name the same row of the features table;
 * names are stable across databases, ids are what older clients send.
 */
export const FeatureIdParam = z.object({
  id: z
    .string()
    .regex(/^(?:[1-9]\d{0,8}|[a-z][a-z0-9_]{0,63})$/, 'Must be a feature name or a numeric feature id'),
});

export const FeatureFeedbackBody = z.object({ rating: Rating, message: Message.optional().default('') });
export type FeatureFeedbackBody = z.infer<typeof FeatureFeedbackBody>;

export const FeatureFeedback = z
  .object({
    id: z.number().int().describe('The numeric id of the feature'),
    feature: z.string().describe('The name of the feature'),
    rating: z.number().int(),
    message: z.string(),
  })
  .meta({ id: 'FeatureFeedback' });
export type FeatureFeedback = z.infer<typeof FeatureFeedback>;

export const TrackActionBody = z.object({
  action: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'Use 1 to 64 letters, digits, dot, colon, dash and underscore')
    .check(...plainLine()),
});
export type TrackActionBody = z.infer<typeof TrackActionBody>;

/** A suggested tip the member can afford, to a model they tipped or favourited; null otherwise (decision 016). */
export const ModelTipOffer = z.object({ model_id: z.number().int(), coins: z.number().int().positive() });
export const ModelTipOfferResponse = z.object({ offer: ModelTipOffer.nullable() });
export type ModelTipOfferResponse = z.infer<typeof ModelTipOfferResponse>;

export const CompanyValuesSchema = z
  .object({
    name: z.string(),
    legal_form: z.string(),
    address: z.object({ street: z.string(), zip: z.string(), city: z.string(), country: z.string() }),
    register_court: z.string(),
    register_number: z.string(),
    vat_id: z.string(),
    support_email: z.string(),
    managing_director: z.string(),
  })
  .meta({ id: 'CompanyValues' });

export const GetCompanyResponse = z
  .object({
    company: z.enum(COMPANY_VARIANTS),
    values: CompanyValuesSchema,
  })
  .meta({ id: 'Company' });
export type GetCompanyResponse = z.infer<typeof GetCompanyResponse>;
