import { z } from 'zod';
import { Campaign, FeatureMap, plainLine } from './common';

/** GET /track/visit: the page referrer plus every query parameter of the page URL. */
const queryText = () => z.string().check(...plainLine());
export const VisitQuery = z.record(queryText(), z.union([queryText(), z.array(queryText())]));

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
  name: z.string().trim().min(1).max(64).check(...plainLine()),
  // The values stay free-form JSON: storable-json drops what PostgreSQL's jsonb refuses (a NUL) before it is stored.
  properties: z.record(z.string().check(...plainLine()), z.unknown()).optional().default({}),
});
export type TrackEventBody = z.infer<typeof TrackEventBody>;
