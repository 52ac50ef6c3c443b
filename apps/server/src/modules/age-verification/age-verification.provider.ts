import { API_PREFIX, ENDPOINTS, endpointPath } from '@velora/shared';

/**
 * An age-verification provider. Starting a verification gives the member a URL; the provider's page (or its
 * callback/webhook route, registered beside the sandbox's in age-verification.routes.ts) later reports the outcome
 * by calling `AgeVerificationService.complete(sessionToken, outcome)`, which marks the user verified.
 *
 * To plug in a real provider: implement this interface (start() usually creates a session at the provider with
 * `sessionToken` as its reference and returns the provider's hosted URL), add a route for its callback that checks
 * the provider's signature and calls complete(), and add its name to AGE_VERIFICATION_PROVIDER in config.ts.
 */
export interface AgeVerificationProvider {
  /** Stored with each attempt. */
  readonly name: string;
  /** Where to send the member. `sessionToken` is the secret that identifies this attempt when the outcome arrives. */
  start(input: { sessionToken: string; userId: number }): Promise<{ url: string }>;
}

/** The full URL path of an endpoint of the table with its parameters (the browser, not the client, opens these). */
export const sandboxUrl = (endpoint: 'sandboxPage' | 'sandboxComplete', session: string) =>
  `${API_PREFIX}${endpointPath(ENDPOINTS[`compliance.ageVerification.${endpoint}`], { session })}`;

/**
 * The built-in sandbox: a page on this site with "Confirm I am 18+" and "Cancel". It verifies nothing and exists for
 * development and demos; a live site sets AGE_VERIFICATION_PROVIDER to a real provider (or none).
 */
export const sandboxProvider: AgeVerificationProvider = {
  name: 'sandbox',
  // Relative: the page is served by the same origin as the API, whichever of the site's domains the member is on.
  start: async ({ sessionToken }) => ({ url: sandboxUrl('sandboxPage', sessionToken) }),
};
