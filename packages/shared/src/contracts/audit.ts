import { z } from 'zod';
import { clampPage } from '../rules/page-query';
import { plainLine, unixSeconds } from './common';

// The audit log (decision record 070): every back-office and studio write, who made it, when, to what, with the state
// before and after. Read by admins; nothing edits or deletes it.

export const AUDIT_PAGE_SIZE = 50;

export const AuditEntry = z
  .object({
    id: z.number().int(),
    /** Unix seconds. */
    at: z.number().int(),
    actor: z.object({ id: z.number().int().nullable(), name: z.string() }),
    /** The endpoint's name in the table (`studio.camera.update`), or a command's (`command.create-admin`). */
    action: z.string(),
    subject: z.object({ type: z.string(), id: z.string() }).nullable(),
    before: z.unknown().describe('The subject as it was before the write, when the action records it'),
    after: z.unknown().describe('The subject after the write (the answer of the call, or the state the action records)'),
    /** What was sent, with passwords, codes and keys left out. */
    request: z.unknown(),
    ip: z.string().nullable(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntry>;

const filterText = (max: number) => z.string().trim().min(1).max(max).check(...plainLine()).optional();

export const AuditListQuery = z.object({
  page: z
    .string()
    .regex(/^-?\d+$/, 'Must be a whole number')
    .optional()
    .transform((v) => clampPage(v)),
  /** The actor's username (exact, any case) or id. */
  actor: filterText(100),
  /** An action, or the start of one followed by a dot (`studio.` for every studio write). */
  action: z
    .string()
    .regex(/^[a-zA-Z][a-zA-Z0-9.-]{0,99}$/, 'Must be an action name such as studio.camera.update, or its start such as studio.')
    .optional(),
  subject_type: z.string().regex(/^[a-z][a-z0-9_-]{0,39}$/, 'Must be a subject type such as camera or user').optional(),
  subject_id: filterText(100),
  from: z.coerce.number().pipe(unixSeconds()).optional(),
  to: z.coerce.number().pipe(unixSeconds()).optional(),
});

export const AuditList = z
  .object({
    entries: z.array(AuditEntry),
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
  })
  .meta({ id: 'AuditList' });
export type AuditList = z.infer<typeof AuditList>;
