import { RecoveryCodes, SecondFactorConfirmBody, SecondFactorSetup, SecondFactorState, SecondFactorVerifyBody } from '../contracts/second-factor';
import { defineEndpoint } from './define-endpoint';

// Two-factor sign-in (decision record 070). Every call is the person's own (capability account): someone who has not
// proven a second factor yet must be able to reach these to do it.

export const secondFactorEndpoints = {
  'secondFactor.state': defineEndpoint({
    method: 'GET',
    path: '/auth/second-factor',
    response: SecondFactorState,
    status: 200,
    answer: 'json',
    errors: [401],
    capability: 'account',
    summary: 'Whether one signs in with a second factor, whether an app is set up, and until when this session counts as proven',
    tags: ['auth'],
  }),
  'secondFactor.setup': defineEndpoint({
    method: 'POST',
    path: '/auth/second-factor/setup',
    response: SecondFactorSetup,
    status: 200,
    answer: 'json',
    errors: [401, 403, 409],
    capability: 'account',
    summary: 'A new secret for an authenticator app (QR code and text); replaces one not confirmed yet',
    description:
      '403 SECOND_FACTOR_NOT_NEEDED for a customer (only the people who work on the site sign in with a second factor); 409 SECOND_FACTOR_ENROLLED when an app is set up and confirmed already: a team admin resets it first.',
    tags: ['auth'],
  }),
  'secondFactor.confirm': defineEndpoint({
    method: 'POST',
    path: '/auth/second-factor/confirm',
    body: SecondFactorConfirmBody,
    response: RecoveryCodes,
    status: 200,
    answer: 'json',
    errors: [400, 401, 409, 429],
    capability: 'account',
    summary: 'Confirms the app with its current code; answers the recovery codes (shown once) and proves this session',
    description: '400 SECOND_FACTOR_CODE_WRONG for a code that is not the current one; 409 when there is no setup to confirm.',
    tags: ['auth'],
    rateLimited: true,
  }),
  'secondFactor.verify': defineEndpoint({
    method: 'POST',
    path: '/auth/second-factor/verify',
    body: SecondFactorVerifyBody,
    response: SecondFactorState,
    status: 200,
    answer: 'json',
    errors: [400, 401, 409, 429],
    capability: 'account',
    summary: 'Proves this session with a code of the app or a recovery code (each recovery code works once)',
    description: '400 SECOND_FACTOR_CODE_WRONG for a wrong or used code; 409 SECOND_FACTOR_NOT_ENROLLED when no app is set up.',
    tags: ['auth'],
    rateLimited: true,
  }),
  'secondFactor.recoveryCodes': defineEndpoint({
    method: 'POST',
    path: '/auth/second-factor/recovery-codes',
    body: SecondFactorConfirmBody,
    response: RecoveryCodes,
    status: 200,
    answer: 'json',
    errors: [400, 401, 409, 429],
    capability: 'account',
    summary: 'New recovery codes for a current code of the app; the old ones stop working',
    tags: ['auth'],
    rateLimited: true,
  }),
} as const;

