import { AUDIT_PAGE_SIZE, type AuditList, type AuditListQuery } from '@velora/shared';
import type { z } from 'zod';
import type { Queryable } from '../../db/database';
import type { Platform } from '../../platform';
import type { AuditRecord } from '../../http/audited-endpoint';
import { auditRepository, type AuditFilter } from './audit.repository';

// The audit log (decision record 070): the route layer records every back-office and studio write after it succeeded
// (http/audited-endpoint.ts); a command or a job records its own. Admins read it, filtered.

/** Fields that never go into the log: passwords, codes, keys, tokens (`stream_key`, `recovery_codes`; not `keywords`). */
const SECRET_FIELD = /(^|_)(password|secret|token|code|key|captcha|hash)s?($|_)/i;

/** The value with every secret field replaced by "[left out]", at any depth. */
export function withoutSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => withoutSecrets(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, SECRET_FIELD.test(key) ? '[left out]' : withoutSecrets(item, depth + 1)]));
}

export function createAuditService({ db, now }: Pick<Platform, 'db' | 'now'>) {
  return {
    /** Appends one entry; in `tx` when the write it records is one transaction with it. */
    record: (entry: AuditRecord, tx: Queryable = db) =>
      auditRepository.insert(tx, {
        ...entry,
        before: withoutSecrets(entry.before),
        after: withoutSecrets(entry.after),
        request: withoutSecrets(entry.request ?? null),
        at: now(),
      }),

    async list(query: z.output<typeof AuditListQuery>): Promise<AuditList> {
      const filter: AuditFilter = {
        ...(query.actor === undefined ? {} : { actor: query.actor }),
        ...(query.action === undefined ? {} : { action: query.action }),
        ...(query.subject_type === undefined ? {} : { subjectType: query.subject_type }),
        ...(query.subject_id === undefined ? {} : { subjectId: query.subject_id }),
        ...(query.from === undefined ? {} : { from: new Date(query.from * 1000) }),
        ...(query.to === undefined ? {} : { to: new Date(query.to * 1000) }),
      };
      const { rows, total } = await auditRepository.page(db, filter, AUDIT_PAGE_SIZE, (query.page - 1) * AUDIT_PAGE_SIZE);
      return {
        entries: rows.map((row) => ({
          id: Number(row.id),
          at: Math.floor(row.at.getTime() / 1000),
          actor: { id: row.actor_id, name: row.actor_name },
          action: row.action,
          subject: row.subject_type && row.subject_id ? { type: row.subject_type, id: row.subject_id } : null,
          before: row.before,
          after: row.after,
          request: row.request,
          ip: row.ip,
        })),
        page: query.page,
        per_page: AUDIT_PAGE_SIZE,
        total,
        pages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
      };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
