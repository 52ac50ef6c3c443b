import fs from 'node:fs/promises';
import { createLocalJWKSet, createRemoteJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import type { OidcProviderConfig } from '../../config';
import { HttpError } from '../../lib/http-error';

/** What sign-in needs from a verified ID token. */
export interface VerifiedIdentity {
  subject: string;
  email: string;
}

/** Asymmetric algorithms only: a shared-secret (HS*) or unsigned token can never pass. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'EdDSA'];
/** Clock difference tolerated between us and the provider for exp, iat and nbf. */
const CLOCK_TOLERANCE_SECONDS = 30;

const invalidToken = (message: string) => new HttpError(401, 'INVALID_ID_TOKEN', message);
const unavailable = () => new HttpError(503, 'IDENTITY_PROVIDER_UNAVAILABLE', 'Sign-in with this provider is unavailable right now. Try again later.');

/** Google issues tokens with and without the scheme in `iss`; both are Google. */
function acceptedIssuers(issuer: string): string[] {
  const bare = issuer.replace(/^https:\/\//, '');
  return bare === 'accounts.google.com' ? ['https://accounts.google.com', 'accounts.google.com'] : [issuer];
}

function describeFailure(error: unknown): HttpError {
  if (error instanceof errors.JWTExpired) return invalidToken('The sign-in token has expired. Sign in again.');
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return invalidToken('The sign-in token was issued by another provider.');
    if (error.claim === 'aud') return invalidToken('The sign-in token was issued for another site.');
    if (error.claim === 'nbf' || error.claim === 'iat') return invalidToken('The sign-in token is not valid yet.');
    return invalidToken(`The sign-in token has an invalid ${error.claim} claim.`);
  }
  if (error instanceof errors.JWKSTimeout) return unavailable();
  if (error instanceof errors.JOSEError) return invalidToken('The sign-in token is not valid: its signature could not be verified.');
  // Fetching the provider's keys failed (network, bad reply): the provider is unreachable, not the token bad.
  return unavailable();
}

export function createIdTokenVerifier(provider: OidcProviderConfig, now: () => Date) {
  let keys: Promise<JWTVerifyGetKey> | undefined;

  function keySet(): Promise<JWTVerifyGetKey> {
    if ('url' in provider.jwks) {
      // jose caches the remote set and refetches it when a token names an unknown key (key rotation).
      keys ??= Promise.resolve(createRemoteJWKSet(new URL(provider.jwks.url), { timeoutDuration: 5000 }));
      return keys;
    }
    const file = provider.jwks.file;
    keys ??= fs
      .readFile(file, 'utf8')
      .then((text) => createLocalJWKSet(JSON.parse(text) as JSONWebKeySet))
      .catch((error: unknown) => {
        keys = undefined; // a file fixed later is picked up without a restart
        throw Object.assign(unavailable(), { cause: error });
      });
    return keys;
  }

  return async function verify(token: string): Promise<VerifiedIdentity> {
    const getKey = await keySet();
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, getKey, {
        issuer: acceptedIssuers(provider.issuer),
        audience: provider.clientId,
        algorithms: ALGORITHMS,
        requiredClaims: ['exp', 'sub'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        currentDate: now(),
      }));
    } catch (error) {
      throw describeFailure(error);
    }
    const email = typeof payload.email === 'string' ? payload.email.trim() : '';
    if (!email || email.length > 254) throw invalidToken('The sign-in token carries no usable email address.');
    // Google sends a boolean; some providers a string.
    if (payload.email_verified !== true && payload.email_verified !== 'true') {
      throw invalidToken('The email address of this account is not verified with the provider.');
    }
    return { subject: String(payload.sub), email };
  };
}
export type IdTokenVerifier = ReturnType<typeof createIdTokenVerifier>;
