import { AuditList, AuditListQuery } from '../contracts/audit';
import { NoContent } from '../contracts/common';
import { AddTeamMemberBody, TeamList, TeamMember, TeamMemberParams, TeamMembershipBody } from '../contracts/team';
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
  'backoffice.team.list': defineEndpoint({
    method: 'GET',
    path: '/backoffice/team',
    response: TeamList,
    status: 200,
    answer: 'json',
    errors: [401, 403],
    capability: 'admin.team',
    summary: 'Everyone who works on the site: team members with their kinds, writers, retaggers and models with an account',
    tags,
  }),
  'backoffice.team.add': defineEndpoint({
    method: 'POST',
    path: '/backoffice/team',
    body: AddTeamMemberBody,
    response: TeamMember,
    status: 200,
    answer: 'json',
    errors: [400, 401, 403, 404, 409],
    capability: 'admin.team',
    summary: 'Gives an existing account (by username or email) team membership, team kinds and editorial roles',
    description: '404 when no account has that username or email; 409 LAST_ADMIN when it would leave the site without an admin.',
    tags,
  }),
  'backoffice.team.update': defineEndpoint({
    method: 'PUT',
    path: '/backoffice/team/:user_id',
    params: TeamMemberParams,
    body: TeamMembershipBody,
    response: TeamMember,
    status: 200,
    answer: 'json',
    errors: [400, 401, 403, 404, 409],
    capability: 'admin.team',
    summary: "Sets a person's team membership, team kinds and editorial roles; their sessions see it at once",
    description: '409 LAST_ADMIN when it would leave the site without an admin.',
    tags,
  }),
  'backoffice.team.resetSecondFactor': defineEndpoint({
    method: 'POST',
    path: '/backoffice/team/:user_id/second-factor/reset',
    params: TeamMemberParams,
    response: NoContent,
    status: 204,
    answer: 'empty',
    errors: [400, 401, 403, 404],
    capability: 'admin.team',
    summary: "Removes a person's authenticator app and recovery codes (a lost phone): they set up a new one at their next staff call",
    tags,
  }),
} as const;
