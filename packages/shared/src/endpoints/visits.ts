import { StatusOk } from '../contracts/common';
import { TrackEventBody, Visit, VisitQuery } from '../contracts/visits';
import { defineEndpoint } from './define-endpoint';

export const visitsEndpoints = {
  'visits.track': defineEndpoint({
    method: 'GET',
    path: '/track/visit',
    query: VisitQuery,
    response: Visit,
    status: 200,
    answer: 'json',
    errors: [400, 413],
    // A logged-in visitor's visit is tied to the account: the session is read when there is one.
    capability: 'public',
    summary: 'Record a visit: the page referrer plus every query parameter of the page URL',
    tags: ['visits'],
  }),
  'visits.event': defineEndpoint({
    method: 'POST',
    path: '/track',
    body: TrackEventBody,
    response: StatusOk,
    status: 200,
    answer: 'json',
    errors: [400, 413, 429],
    capability: 'public',
    summary: 'Record an analytics event',
    tags: ['visits'],
    rateLimited: true,
  }),
};
