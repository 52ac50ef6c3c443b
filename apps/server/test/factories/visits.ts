import { randomUUID } from 'node:crypto';
import { visitsRepository } from '../../src/modules/visits/visits.repository';
import type { FactoryContext } from './context';

// A visit as GET /track/visit records it, but from a country the test names (the app would look the address up).

export interface VisitOverrides {
  country?: string | null;
  region?: string | null;
  campaign?: string | null;
  /** The browser the visit came from; a new visitor unless given. */
  visitorId?: string;
  userId?: number | null;
  createdAt?: Date;
}

/** Records a visit and returns its id (what the client sends as X-Visit-Id). */
export async function createVisit(t: FactoryContext, o: VisitOverrides = {}): Promise<string> {
  const id = randomUUID();
  await visitsRepository.insert(t.deps.db, {
    id,
    visitorId: o.visitorId ?? randomUUID(),
    userId: o.userId ?? null,
    browser: null,
    country: o.country ?? null,
    region: o.region ?? null,
    isMobile: false,
    isInternational: false,
    isEu: false,
    isNew: true,
    campaign: o.campaign ?? null,
    referrer: null,
    tld: null,
    queryJson: '{}',
    createdAt: o.createdAt ?? t.deps.now(),
  });
  return id;
}
