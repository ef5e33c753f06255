import * as client from 'openid-client';
import type { OidcConfig, OidcProviderConfig } from '#api/config.ts';

/** What the API takes from a validated ID token. */
export interface IdClaims {
  subject: string;
  /** Lower-cased; null when the provider gave none (or not an address). */
  email: string | null;
  /** Only the provider's own `email_verified: true` counts (Facebook never says it). */
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
}

/**
 * Why a provider's answer was not accepted: `cancelled` (the shopper said no, or the provider
 * refused), `invalid` (anything that does not check out: an unknown code, a bad signature, a
 * wrong nonce, issuer or audience…), `unavailable` (the provider cannot be reached or failed),
 * `misconfigured` (the provider refuses our client id or secret).
 */
export class OidcFailure extends Error {
  readonly kind: 'cancelled' | 'invalid' | 'unavailable' | 'misconfigured';
  constructor(kind: OidcFailure['kind'], message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'OidcFailure';
    this.kind = kind;
  }
}

export interface OidcClient {
  /** The enabled providers, in configuration order. */
  readonly providers: readonly OidcProviderConfig[];
  provider(id: string): OidcProviderConfig | undefined;
  authorizationUrl(
    provider: OidcProviderConfig,
    request: { redirectUri: string; state: string; nonce: string; codeVerifier: string },
  ): Promise<URL>;
  /**
   * Exchanges the code of `callbackUrl` (the storefront's callback URL with the provider's
   * query) with the PKCE verifier, and validates the ID token: signature against the
   * provider's published keys, issuer, audience, expiry, nonce.
   */
  exchange(
    provider: OidcProviderConfig,
    response: { callbackUrl: URL; state: string; nonce: string; codeVerifier: string },
  ): Promise<IdClaims>;
}

/** Seconds, as openid-client counts them. */
const HTTP_TIMEOUT_S = 10;
/** Discovery documents change rarely; keys are re-fetched by openid-client when a new one appears. */
const DISCOVERY_TTL_MS = 24 * 60 * 60 * 1000;

export function createOidcClient(config: OidcConfig): OidcClient {
  const cache = new Map<string, { configuration: Promise<client.Configuration>; fetchedAt: number }>();

  function configurationOf(provider: OidcProviderConfig): Promise<client.Configuration> {
    const cached = cache.get(provider.id);
    if (cached && Date.now() - cached.fetchedAt < DISCOVERY_TTL_MS) return cached.configuration;
    const configuration = discover(provider);
    cache.set(provider.id, { configuration, fetchedAt: Date.now() });
    // A failed discovery is tried again by the next sign-in rather than remembered.
    configuration.catch(() => {
      if (cache.get(provider.id)?.configuration === configuration) cache.delete(provider.id);
    });
    return configuration;
  }

  return {
    providers: config.providers,
    provider: (id) => config.providers.find((provider) => provider.id === id),

    async authorizationUrl(provider, request) {
      const configuration = await configurationOf(provider);
      return client.buildAuthorizationUrl(configuration, {
        redirect_uri: request.redirectUri,
        scope: provider.scopes.join(' '),
        state: request.state,
        nonce: request.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: 'S256',
      });
    },

    async exchange(provider, response) {
      const configuration = await configurationOf(provider);
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(configuration, response.callbackUrl, {
          expectedState: response.state,
          expectedNonce: response.nonce,
          pkceCodeVerifier: response.codeVerifier,
          idTokenExpected: true,
        });
      } catch (error) {
        throw classify(error);
      }
      const claims = tokens.claims();
      if (!claims) throw new OidcFailure('invalid', 'the provider answered no ID token');
      return readClaims(claims);
    },
  };
}

/**
 * Reads the provider's discovery document (its `issuer` must be the configured one), applies
 * the configured token endpoint, and turns on the checks of ID token signatures, which
 * openid-client leaves off by default for tokens fetched over TLS: we want them checked
 * against the provider's keys whatever the transport.
 */
async function discover(provider: OidcProviderConfig): Promise<client.Configuration> {
  let metadata: client.ServerMetadata;
  try {
    const response = await fetch(provider.discoveryUrl, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(HTTP_TIMEOUT_S * 1000),
    });
    if (!response.ok) throw new Error(`discovery answered ${response.status}`);
    metadata = (await response.json()) as client.ServerMetadata;
  } catch (error) {
    throw new OidcFailure('unavailable', `${provider.name}'s discovery document could not be read`, error);
  }
  if (typeof metadata !== 'object' || metadata === null || metadata.issuer !== provider.issuer) {
    throw new OidcFailure(
      'misconfigured',
      `${provider.discoveryUrl} is not the discovery document of ${provider.issuer}`,
    );
  }
  const configuration = new client.Configuration(
    { ...metadata, ...(provider.tokenEndpoint ? { token_endpoint: provider.tokenEndpoint } : {}) },
    provider.clientId,
    { client_secret: provider.clientSecret },
    client.ClientSecretPost(provider.clientSecret),
  );
  configuration.timeout = HTTP_TIMEOUT_S;
  client.enableNonRepudiationChecks(configuration);
  // The configuration admits http only for a provider on this machine (a local test provider).
  if (new URL(provider.issuer).protocol === 'http:') client.allowInsecureRequests(configuration);
  return configuration;
}

function classify(error: unknown): OidcFailure {
  if (error instanceof OidcFailure) return error;
  if (error instanceof client.AuthorizationResponseError) {
    return new OidcFailure('cancelled', `the provider answered ${error.error}`, error);
  }
  if (error instanceof client.ResponseBodyError) {
    if (error.status >= 500)
      return new OidcFailure('unavailable', `the token endpoint answered ${error.status}`, error);
    if (error.error === 'invalid_client' || error.error === 'unauthorized_client') {
      return new OidcFailure('misconfigured', `the provider refused our client: ${error.error}`, error);
    }
    return new OidcFailure('invalid', `the token endpoint answered ${error.error}`, error);
  }
  // fetch fails with a TypeError when the provider cannot be reached, and aborts on timeout.
  if (
    (error instanceof TypeError && !(error instanceof client.ClientError)) ||
    (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError'))
  ) {
    return new OidcFailure('unavailable', 'the provider cannot be reached', error);
  }
  if (error instanceof client.ClientError && error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM') {
    return new OidcFailure('unavailable', 'the provider answered an unexpected status', error);
  }
  return new OidcFailure('invalid', error instanceof Error ? error.message : 'the answer did not check out', error);
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

function text(value: unknown, max: number): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null;
}

function readClaims(claims: client.IDToken): IdClaims {
  const email = text(claims.email, 254)?.toLowerCase() ?? null;
  const validEmail = email !== null && EMAIL.test(email) ? email : null;
  return {
    subject: claims.sub,
    email: validEmail,
    // Some providers send the string "true".
    emailVerified: validEmail !== null && (claims.email_verified === true || claims.email_verified === 'true'),
    givenName: text(claims.given_name, 80),
    familyName: text(claims.family_name, 80),
    name: text(claims.name, 160),
  };
}
