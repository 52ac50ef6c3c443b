import { randomUUID } from 'node:crypto';
import Bowser from 'bowser';
import { isEUCountry, isInternationalCountry, type TrackEventBody, type Visit } from '@velora/shared';
import type { Platform } from '../../platform';
import { HttpError } from '../../lib/http-error';
import { RATE_LIMITS, limitReached } from '../../lib/rate-limits';
import type { FeaturesService } from '../features/features.service';
import { locate, type GeoRequest } from './geo';
import { JsonTooDeepError, MAX_JSON_DEPTH, jsonByteLength, storableJson, storableString } from './storable-json';
import { visitsRepository } from './visits.repository';

/** The page query (referrer included) kept per visit; real landing URLs stay far below this. */
export const MAX_VISIT_QUERY_BYTES = 8 * 1024;
/** The JSON of one event's properties. */
export const MAX_EVENT_PROPERTIES_BYTES = 16 * 1024;
const MAX_CAMPAIGN_LENGTH = 128;
const MAX_USER_AGENT_LENGTH = 512;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TrackVisitInput {
  /** The page referrer (`referrer`) and every query parameter of the page URL. */
  query: Record<string, string | string[]>;
  /** The visit id the client sent back, if any: it ties this visit to the same visitor. */
  previousVisitId: string | null;
  userId: number | null;
  userAgent: string | undefined;
  tld: string | null;
  geo: GeoRequest;
}

export interface VisitSummary {
  id: string;
  country: string | null;
  region: string | null;
  campaign: string | null;
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function campaignOf(query: TrackVisitInput['query']): string | null {
  const value = storableString(first(query.campaign) ?? first(query.utm_campaign) ?? '').trim();
  return value ? value.slice(0, MAX_CAMPAIGN_LENGTH) : null;
}

function describeAgent(userAgent: string | undefined): { browser: string | null; isMobile: boolean } {
  // Bowser throws on an empty agent; long ones are cut so its regexes stay cheap.
  const ua = userAgent?.slice(0, MAX_USER_AGENT_LENGTH).trim();
  if (!ua) return { browser: null, isMobile: false };
  const parsed = Bowser.parse(ua);
  return { browser: parsed.browser.name ? storableString(parsed.browser.name) : null, isMobile: parsed.platform.type === 'mobile' };
}

const tooLarge = (message: string, field: string) => new HttpError(413, 'PAYLOAD_TOO_LARGE', message, { [field]: message });

export function createVisitsService(deps: Pick<Platform, 'db' | 'config' | 'now' | 'rateLimits'> & { features: FeaturesService }) {
  const { db, features } = deps;

  async function storeEvent(event: TrackEventBody & { userId: number | null; visitId: string | null }): Promise<void> {
    let properties: unknown;
    try {
      properties = storableJson(event.properties);
    } catch (error) {
      if (error instanceof JsonTooDeepError) {
        const message = `properties must not be nested more than ${MAX_JSON_DEPTH} levels deep`;
        throw new HttpError(400, 'VALIDATION_FAILED', `Invalid body: properties (${message})`, { properties: message });
      }
      throw error;
    }
    const size = jsonByteLength(properties);
    if (size > MAX_EVENT_PROPERTIES_BYTES) {
      throw tooLarge(`properties are too large: ${size} bytes of JSON, at most ${MAX_EVENT_PROPERTIES_BYTES}`, 'properties');
    }
    await visitsRepository.insertEvent(db, {
      name: storableString(event.name),
      propertiesJson: JSON.stringify(properties),
      userId: event.userId,
      visitId: event.visitId,
      createdAt: deps.now(),
    });
  }

  return {
    /**
     * Records a visit (product §4 visit tracking). `country`/`region` are where the visitor was first seen, so the
     * language choice stays stable; `current_*` are where this request comes from.
     */
    async trackVisit(input: TrackVisitInput): Promise<Visit> {
      const cleanQuery = storableJson(input.query) as Record<string, string | string[]>;
      const size = jsonByteLength(cleanQuery);
      if (size > MAX_VISIT_QUERY_BYTES) {
        throw tooLarge(`The page query is too large: ${size} bytes of parameters and referrer, at most ${MAX_VISIT_QUERY_BYTES}`, 'query');
      }
      const { referrer: referrerValue, ...params } = cleanQuery;
      const referrer = first(referrerValue)?.trim() || null;

      const campaign = campaignOf(cleanQuery);
      const [current, previous, featureMap] = await Promise.all([
        locate(input.geo, deps.config.trustGeoHeaders),
        input.previousVisitId ? visitsRepository.findVisitor(db, input.previousVisitId) : Promise.resolve(null),
        // Per-visit overrides: the flags of the campaign this visit came through (campaign_features).
        features.forVisit(campaign),
      ]);
      const isNew = previous === null;
      const country = isNew ? current.country : previous.first_country;
      const region = isNew ? current.region : previous.first_region;
      const { browser, isMobile } = describeAgent(input.userAgent);
      // Consent rules follow where a person is now, and asking once too often beats not asking: either country counts.
      const isEu = isEUCountry(current.country) || isEUCountry(country);
      const isInternational = isInternationalCountry(country);

      const id = randomUUID();
      await visitsRepository.insert(db, {
        id,
        visitorId: previous?.visitor_id ?? randomUUID(),
        userId: input.userId,
        browser,
        country: current.country,
        region: current.region,
        isMobile,
        isInternational,
        isEu,
        isNew,
        campaign,
        referrer,
        tld: input.tld,
        queryJson: JSON.stringify(params),
        createdAt: deps.now(),
      });

      return {
        id,
        browser,
        country,
        campaign: campaign === null ? null : { id: campaign },
        is_mobile: isMobile,
        is_international: isInternational,
        new: isNew,
        region,
        current_region: current.region,
        current_country: current.country,
        features: featureMap,
        isEUCountry: isEu,
      };
    },

    /** Where and through which campaign a visit arrived, for other modules (e.g. registration). */
    async findById(id: string): Promise<VisitSummary | null> {
      if (!UUID.test(id)) return null;
      return visitsRepository.findById(db, id.toLowerCase());
    },

    /** An event a browser sends (POST /track): anyone may, so each address is limited, or a loop could fill the table. */
    async trackClientEvent(event: TrackEventBody & { userId: number | null; visitId: string | null }, client: { ip: string }): Promise<void> {
      const attempt = await deps.rateLimits.consume(`track:address:${client.ip}`, RATE_LIMITS.trackedEventsPerAddress);
      if (!attempt.allowed) throw limitReached('tracked events from your address', RATE_LIMITS.trackedEventsPerAddress, attempt.retryAfterMs);
      await storeEvent(event);
    },

    trackEvent: storeEvent,
  };
}
export type VisitsService = ReturnType<typeof createVisitsService>;
