import type { PageType, ReportCategory } from '@velora/shared';
import type { Queryable } from '../../db/database';

export interface PageRow {
  id: number;
  path: string;
  type: PageType;
  title: string;
  source: string | null;
  password_hash: string | null;
  landing_de: number | null;
  landing_en: number | null;
  meta_title: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
  meta_robots: string | null;
  published: boolean;
}

export interface NewContactMessage {
  subject: string;
  message: string;
  email: string;
  userId: number | null;
  ip: string;
  now: Date;
}

export interface NewContentReport {
  category: ReportCategory;
  name: string;
  email: string;
  url: string;
  isDepicted: boolean;
  isAgreed: boolean;
  reason: string;
  userId: number | null;
  ip: string;
  now: Date;
}

export const pagesRepository = {
  /** The published page at `path`; paths compare without regard to case. An unpublished page is nobody's yet. */
  async byPath(db: Queryable, path: string): Promise<PageRow | null> {
    const rows = await db.query<PageRow>(
      `SELECT id, path, type, title, source, password_hash, landing_de, landing_en,
              meta_title, meta_description, meta_keywords, meta_robots, published
         FROM pages WHERE lower(path) = lower($1) AND published`,
      [path],
    );
    return rows[0] ?? null;
  },

  async insertContactMessage(db: Queryable, m: NewContactMessage): Promise<number> {
    const rows = await db.query<{ id: string }>(
      `INSERT INTO contact_messages (subject, message, email, user_id, ip, created_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [m.subject, m.message, m.email, m.userId, m.ip, m.now],
    );
    return Number(rows[0]!.id);
  },

  async insertContentReport(db: Queryable, r: NewContentReport): Promise<number> {
    const rows = await db.query<{ id: string }>(
      `INSERT INTO content_reports (category, name, email, url, is_depicted, is_agreed, reason, user_id, ip, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [r.category, r.name, r.email, r.url, r.isDepicted, r.isAgreed, r.reason, r.userId, r.ip, r.now],
    );
    return Number(rows[0]!.id);
  },
};
