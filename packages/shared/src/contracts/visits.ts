import { z } from 'zod';
import { Campaign, FeatureMap } from './common';

/** GET /track/visit: the page referrer plus every query parameter of the page URL. */
export const VisitQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

export const Visit = z
  .object({
    id: z.string(),
    browser: z.string().nullable(),
    country: z.string().nullable(),
    campaign: Campaign,
    is_mobile: z.boolean(),
    is_international: z.boolean(),
    new: z.boolean(),
    region: z.string().nullable(),
    current_region: z.string().nullable(),
    current_country: z.string().nullable(),
    features: FeatureMap,
    isEUCountry: z.boolean(),
  })
  .meta({ id: 'Visit' });
export type Visit = z.infer<typeof Visit>;

export const TrackEventBody = z.object({
  name: z.string().trim().min(1).max(64),
  properties: z.record(z.string(), z.unknown()).optional().default({}),
});
export type TrackEventBody = z.infer<typeof TrackEventBody>;
