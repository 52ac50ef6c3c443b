import type { Queryable } from '../../db/database';
import type { AuditRecord } from '../../http/audited-endpoint';

// SQL of the audit log (decision record 070). Insert and read only: the table refuses UPDATE, DELETE and TRUNCATE.

/** An entry as stored: the writer's record (http/audited-endpoint.ts) and the time it was made. */
export type NewAuditEntry = AuditRecord & { at: Date };

export interface AuditRow {
  id: string;
  at: Date;
  actor_id: number | null;
  actor_name: string;
  action: string;
  subject_type: string | null;
  subject_id: string | null;
  before: unknown;
  after: unknown;
  request: unknown;
  ip: string | null;
}

export interface AuditFilter {
  actor?: string;
  action?: string;
  subjectType?: string;
  subjectId?: string;
  from?: Date;
  to?: Date;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

function where(filter: AuditFilter): { sql: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (clause: (n: number) => string, value: unknown) => {
    params.push(value);
    clauses.push(clause(params.length));
  };
  if (filter.actor !== undefined) {
    // An id or a name: "17" finds the account 17 and one named "17".
    if (/^\d{1,9}$/.test(filter.actor)) {
      params.push(Number(filter.actor), filter.actor);
      clauses.push(`(actor_id = $${params.length - 1} OR lower(actor_name) = lower($${params.length}))`);
    } else add((n) => `lower(actor_name) = lower($${n})`, filter.actor);
  }
  // "studio." is every action under studio; "studio.camera.update" is that one.
  if (filter.action !== undefined) {
    if (filter.action.endsWith('.')) add((n) => `starts_with(action, $${n})`, filter.action);
    else add((n) => `action = $${n}`, filter.action);
  }
  if (filter.subjectType !== undefined) add((n) => `subject_type = $${n}`, filter.subjectType);
  if (filter.subjectId !== undefined) add((n) => `subject_id = $${n}`, filter.subjectId);
  if (filter.from !== undefined) add((n) => `at >= $${n}`, filter.from);
  if (filter.to !== undefined) add((n) => `at < $${n}`, filter.to);
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

export const auditRepository = {
  async insert(db: Queryable, e: NewAuditEntry): Promise<void> {
    await db.query(
      `INSERT INTO audit_log (at, actor_id, actor_name, action, subject_type, subject_id, before, after, request, ip, request_id)
       VALUES ($1, $2, COALESCE($3, (SELECT username FROM users WHERE id = $2), 'system'), $4, $5, $6, $7::jsonb, $8::jsonb, $9::jsonb, $10, $11)`,
      [e.at, e.actorId, e.actorName ?? null, e.action, e.subjectType, e.subjectId, json(e.before), json(e.after), json(e.request), e.ip, e.requestId],
    );
  },

  async page(db: Queryable, filter: AuditFilter, limit: number, offset: number): Promise<{ rows: AuditRow[]; total: number }> {
    const { sql, params } = where(filter);
    const [rows, count] = await Promise.all([
      db.query<AuditRow>(
        `SELECT id, at, actor_id, actor_name, action, subject_type, subject_id, before, after, request, ip
           FROM audit_log ${sql} ORDER BY at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, limit, offset],
      ),
      db.query<{ total: number }>(`SELECT count(*)::int AS total FROM audit_log ${sql}`, params),
    ]);
    return { rows, total: count[0]?.total ?? 0 };
  },
};
