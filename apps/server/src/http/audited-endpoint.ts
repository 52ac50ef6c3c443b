import type { FastifyReply, FastifyRequest } from 'fastify';
import { ENDPOINT_ENTRIES, needsSecondFactor, type EndpointSpec } from '@velora/shared';

// Every back-office and studio write is audited (decision record 070) by the route layer, so no endpoint can forget:
// an entry of the table whose capability is a staff one (the same that needs a second factor) and whose method writes
// records, after its handler succeeded, who called it, the action (the entry's name), its subject, what was sent
// (secrets left out), the state before (when the route says how to read it) and after (the answer).

declare module 'fastify' {
  interface FastifyInstance {
    /** Appends an entry to the audit log (modules/audit); decorated by the app. */
    auditLog: (entry: AuditRecord) => Promise<void>;
  }
}

/** One entry of the audit log as a writer gives it (modules/audit stores it with the time and the actor's name). */
export interface AuditRecord {
  actorId: number | null;
  /** Kept as it was then; without it, the actor's username now, or "system". */
  actorName?: string;
  action: string;
  subjectType: string | null;
  subjectId: string | null;
  before: unknown;
  after: unknown;
  /** What was sent; fields named as secrets are left out when stored. */
  request?: unknown;
  ip: string | null;
  requestId: string | null;
}

const NAME_OF = new Map<EndpointSpec, string>(ENDPOINT_ENTRIES.map(([name, endpoint]) => [endpoint, name]));

/** The entry's name in the table: the action an audit entry names. */
export const endpointNameOf = (endpoint: EndpointSpec): string => NAME_OF.get(endpoint) ?? `${endpoint.method} ${endpoint.path}`;

/** Whether calls of the entry are audited: writes that need a staff capability. */
export const isAuditedWrite = (endpoint: EndpointSpec): boolean => endpoint.method !== 'GET' && needsSecondFactor(endpoint.capability);

/** What a route may say about its audit entries; without it the subject is the one path parameter, if any. */
export interface AuditOptions<Req extends FastifyRequest = FastifyRequest> {
  /** What the write is about, e.g. { type: 'camera', id: '12' }. */
  subject?: (request: Req, result: unknown, before: unknown) => { type: string; id: string | number } | null;
  /** Reads the subject before the write, for the entry's `before`. */
  before?: (request: Req) => Promise<unknown>;
}

function defaultSubject(endpoint: EndpointSpec, request: FastifyRequest): { type: string; id: string } | null {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const keys = Object.keys(params).filter((key) => key !== '*');
  if (keys.length !== 1) return null;
  const key = keys[0]!;
  // `/studio/playdates/:id/accept` is about a playdate: the name's second part, singular.
  const type = key === 'id' ? (endpointNameOf(endpoint).split('.')[1] ?? 'item').replace(/s$/, '') : key.replace(/_id$/, '');
  return { type, id: String(params[key]) };
}

/** Records the audit entry of a call that succeeded. A failure is logged with the whole entry: the write has happened. */
export async function recordAuditedCall(
  request: FastifyRequest,
  reply: FastifyReply,
  endpoint: EndpointSpec,
  options: AuditOptions | undefined,
  before: unknown,
  result: unknown,
): Promise<void> {
  if (reply.statusCode >= 400) return;
  const subject = options?.subject ? options.subject(request, result, before) : defaultSubject(endpoint, request);
  const entry: AuditRecord = {
    actorId: request.auth?.userId ?? null,
    action: endpointNameOf(endpoint),
    subjectType: subject?.type ?? null,
    subjectId: subject ? String(subject.id) : null,
    before: before ?? null,
    after: result === reply ? null : (result ?? null),
    request: { params: request.params ?? null, query: request.query ?? null, body: request.body ?? null },
    ip: request.ip,
    requestId: request.id,
  };
  try {
    await request.server.auditLog(entry);
  } catch (err) {
    request.log.error({ err, audit: entry }, 'audit: the write succeeded but its entry could not be stored');
  }
}
