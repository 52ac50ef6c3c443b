import type { Queryable } from '../../db/database';

export interface NewVisitRow {
  id: string;
  visitorId: string;
  userId: number | null;
  browser: string | null;
  country: string | null;
  region: string | null;
  isMobile: boolean;
  isInternational: boolean;
  isEu: boolean;
  isNew: boolean;
  campaign: string | null;
  referrer: string | null;
  tld: string | null;
  /** Already serialised JSON. */
  queryJson: string;
  createdAt: Date;
}

export interface VisitorRow {
  visitor_id: string;
  /** Where the visitor's first visit came from. */
  first_country: string | null;
  first_region: string | null;
}

export interface VisitRow {
  id: string;
  country: string | null;
  region: string | null;
  campaign: string | null;
}

export const visitsRepository = {
  /** The visitor behind a visit id, with the location of that visitor's first visit. */
  async findVisitor(db: Queryable, visitId: string): Promise<VisitorRow | null> {
    const rows = await db.query<VisitorRow>(
      `SELECT v.visitor_id, f.country AS first_country, f.region AS first_region
         FROM visits v
         CROSS JOIN LATERAL (
           SELECT country, region FROM visits f
            WHERE f.visitor_id = v.visitor_id
            ORDER BY f.is_new DESC, f.created_at, f.id
            LIMIT 1
         ) f
        WHERE v.id = $1`,
      [visitId],
    );
    return rows[0] ?? null;
  },

  async insert(db: Queryable, v: NewVisitRow): Promise<void> {
    await db.query(
      `INSERT INTO visits (id, visitor_id, user_id, browser, country, region, is_mobile, is_international, is_eu, is_new,
                           campaign, referrer, tld, query, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::jsonb, $15)`,
      [
        v.id, v.visitorId, v.userId, v.browser, v.country, v.region, v.isMobile, v.isInternational, v.isEu, v.isNew,
        v.campaign, v.referrer, v.tld, v.queryJson, v.createdAt,
      ],
    );
  },

  async findById(db: Queryable, id: string): Promise<VisitRow | null> {
    const rows = await db.query<VisitRow>('SELECT id, country, region, campaign FROM visits WHERE id = $1', [id]);
    return rows[0] ?? null;
  },

  /** Stores an analytics event; a visit id that names no visit is dropped rather than failing the call. */
  async insertEvent(
    db: Queryable,
    e: { name: string; propertiesJson: string; userId: number | null; visitId: string | null; createdAt: Date },
  ): Promise<void> {
    await db.query(
      `INSERT INTO events (name, properties, user_id, visit_id, created_at)
       VALUES ($1, $2::jsonb, $3, (SELECT id FROM visits WHERE id = $4::uuid), $5)`,
      [e.name, e.propertiesJson, e.userId, e.visitId, e.createdAt],
    );
  },
};
