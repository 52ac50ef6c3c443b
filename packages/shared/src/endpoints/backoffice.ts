import { AuditList, AuditListQuery } from '../contracts/audit';
import { defineEndpoint } from './define-endpoint';

// The back office (decision record 070): the team's own calls. Each needs a team capability and, with it, a session
// that proved its second factor lately; each write is audited by the route layer.

const tags = ['backoffice'];

export const backofficeEndpoints = {
  'backoffice.audit': defineEndpoint({
    method: 'GET',
    path: '/backoffice/audit',
    query: AuditListQuery,
    response: AuditList,
    status: 200,
    answer: 'json',
    errors: [400, 401, 403],
    capability: 'admin.audit',
    summary: 'The audit log, newest first: every back-office and studio write, filtered by actor, action, subject and time',
    tags,
  }),
} as const;
