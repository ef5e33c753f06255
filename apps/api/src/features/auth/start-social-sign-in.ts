import {
  SOCIAL_FLOW_TTL_MS,
  type StartSocialSignInRequest,
  type StartSocialSignInResponse,
} from '@malewa/contracts/auth/start-social-sign-in';
import { AppError } from '#api/app-error.ts';
import type { ClientInfo } from '#api/client-info.ts';
import { clock } from '#api/clock.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import { type AuthDeps, consumeAll } from './auth-deps.ts';
import { LIMITS } from './auth-limits.ts';
import { enabledProvider } from './list-social-providers.ts';
import { toOidcFailure } from './social-failures.ts';
import { derivedSecret, newToken, randomState, sha256 } from './tokens.ts';

/**
 * Begins a sign-in (or, for a signed-in shopper, the connection of a provider account) at an
 * OpenID provider: answers the provider's authorization URL and a flow token. The state goes
 * to the provider; the flow token stays with the browser (the storefront keeps it in an
 * httpOnly cookie) and must come back with the provider's answer, so that an answer is only
 * accepted from the browser that asked for it. The PKCE verifier and the nonce are derived
 * from the flow token; the server keeps only hashes (docs/decisions/0011).
 */
export async function startSocialSignIn(
  deps: AuthDeps,
  providerId: string,
  input: StartSocialSignInRequest,
  principal: Principal | null,
  client: ClientInfo,
): Promise<StartSocialSignInResponse['data']> {
  const provider = enabledProvider(deps, providerId);
  if (new URL(input.redirectUri).origin !== new URL(deps.publicOrigin).origin) {
    throw new AppError('VALIDATION_FAILED', 'The request is not valid.', {
      fields: { redirectUri: [`The callback must be on the storefront (${deps.publicOrigin})`] },
    });
  }
  if (input.intent === 'link' && !principal) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  await consumeAll(deps.limiter, [[LIMITS.socialStartPerAddress, client.ip]]);

  const flowToken = newToken('mwf');
  const state = randomState();
  let authorizationUrl: URL;
  try {
    authorizationUrl = await deps.oidc.authorizationUrl(provider, {
      redirectUri: input.redirectUri,
      state,
      nonce: derivedSecret(flowToken, 'nonce'),
      codeVerifier: derivedSecret(flowToken, 'pkce'),
    });
  } catch (error) {
    throw toOidcFailure(provider, error);
  }
  const expiresAt = new Date(clock(deps).getTime() + SOCIAL_FLOW_TTL_MS);
  await deps.identities.createSocialFlow({
    provider: provider.id,
    stateHash: sha256(state),
    flowTokenHash: sha256(flowToken),
    redirectUri: input.redirectUri,
    intent: input.intent,
    userId: input.intent === 'link' ? (principal?.userId ?? null) : null,
    locale: input.locale ?? 'en',
    market: input.market ?? client.market ?? deps.config.defaultMarket,
    returnTo: input.returnTo ?? null,
    expiresAt,
  });
  return { authorizationUrl: authorizationUrl.href, flowToken, expiresAt: expiresAt.toISOString() };
}
