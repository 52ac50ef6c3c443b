import { AgeVerificationDecisionBody, AgeVerificationSessionParam, AgeVerificationStart } from '../contracts/compliance';
import { defineEndpoint } from './define-endpoint';

// Age verification (product §1, §6). The sandbox provider's pages are HTML a browser opens, registered only when
// AGE_VERIFICATION_PROVIDER is sandbox (the default outside production).

const sandbox = 'AGE_VERIFICATION_PROVIDER is sandbox';

export const complianceEndpoints = {
  'compliance.ageVerification.start': defineEndpoint({
    method: 'GET',
    path: '/user/verification_age',
    response: AgeVerificationStart,
    status: 200,
    answer: 'json',
    errors: [401, 503],
    capability: 'account',
    summary: 'Start an age verification: the URL of the provider page to send the member to',
    tags: ['user'],
  }),
  'compliance.ageVerification.sandboxPage': defineEndpoint({
    method: 'GET',
    path: '/age-verification/sandbox/:session',
    params: AgeVerificationSessionParam,
    status: 200,
    answer: 'html',
    // 404 is an HTML page too ("this link has expired"); 400 is the JSON error of a malformed session.
    errors: [400, 404],
    capability: 'public',
    summary: 'The sandbox provider page (HTML): "Confirm I am 18+" or "Cancel"',
    tags: ['age-verification'],
    registeredWhen: sandbox,
  }),
  'compliance.ageVerification.sandboxComplete': defineEndpoint({
    method: 'POST',
    path: '/age-verification/sandbox/:session/complete',
    params: AgeVerificationSessionParam,
    body: AgeVerificationDecisionBody,
    status: 303,
    answer: 'redirect',
    errors: [400, 404],
    capability: 'public',
    summary: 'The sandbox outcome: confirm marks the member age-verified; both redirect (303) to /?age_verification=…',
    tags: ['age-verification'],
    registeredWhen: sandbox,
    bodyEncoding: 'json-or-form',
  }),
};
