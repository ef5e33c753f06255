import type { FinishSocialSignInQuery, FinishSocialSignInResponse } from '@malewa/contracts/auth/finish-social-sign-in';
import { AppError } from '#api/app-error.ts';
import type { ClientInfo } from '#api/client-info.ts';
import { clock } from '#api/clock.ts';
import type { OidcProviderConfig } from '#api/config.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { Account } from './accounts-repository.ts';
import { type AuthDeps, consumeAll, refundAll } from './auth-deps.ts';
import { LIMITS } from './auth-limits.ts';
import type { SocialFlowRow } from './identity-repository.ts';
import { toIdentity } from './list-identities.ts';
import { enabledProvider } from './list-social-providers.ts';
import type { IdClaims } from './oidc-client.ts';
import { openSocialAccount } from './open-account.ts';
import { startSession } from './session-tokens.ts';
import { failedSignIn, toOidcFailure } from './social-failures.ts';
import { derivedSecret, sameHash, sha256 } from './tokens.ts';

type Finished = FinishSocialSignInResponse['data'];

/**
 * Finishes a social sign-in with the provider's answer (the query of the storefront's
 * callback page) and the flow token of the browser that started it. The flow must be this
 * provider's, unexpired, unused, and started by that browser; it is spent before the code is
 * exchanged, so an answer works once. Then the ID token is validated (openid-client:
 * signature, issuer, audience, expiry, nonce) and the shopper is signed in like a password
 * sign-in does. Accounts are found by (provider, subject) only: an email address already in
 * use is never joined to, and opens no second account either (docs/decisions/0011).
 */
export async function finishSocialSignIn(
  deps: AuthDeps,
  providerId: string,
  query: FinishSocialSignInQuery,
  flowToken: string | undefined,
  principal: Principal | null,
  client: ClientInfo,
): Promise<Finished> {
  const provider = enabledProvider(deps, providerId);
  const counted = [[LIMITS.socialCallbackPerAddress, client.ip]] as const;
  await consumeAll(deps.limiter, counted);

  const now = clock(deps);
  const flow = await deps.identities.socialFlowByStateHash(sha256(query.state));
  if (!flow || flow.provider !== provider.id) throw failedSignIn(provider, 'no flow has this state');
  if (!flowToken || !sameHash(flow.flowTokenHash, sha256(flowToken))) {
    // Another browser's answer (or none): the flow stays usable for its own browser.
    throw failedSignIn(provider, 'the flow token is not the one of this flow');
  }
  if (!(await deps.identities.spendSocialFlow(flow.id, now)))
    throw failedSignIn(provider, 'the flow is spent or expired');

  let claims: IdClaims;
  try {
    const callbackUrl = new URL(flow.redirectUri);
    for (const [key, value] of Object.entries(query)) {
      if (typeof value === 'string') callbackUrl.searchParams.set(key, value);
    }
    claims = await deps.oidc.exchange(provider, {
      callbackUrl,
      state: query.state,
      nonce: derivedSecret(flowToken, 'nonce'),
      codeVerifier: derivedSecret(flowToken, 'pkce'),
    });
  } catch (error) {
    throw toOidcFailure(provider, error);
  }
  await refundAll(deps.limiter, counted);

  return flow.intent === 'link'
    ? link(deps, provider, flow, claims, principal, now)
    : signIn(deps, provider, flow, claims, client, now);
}

async function signIn(
  deps: AuthDeps,
  provider: OidcProviderConfig,
  flow: SocialFlowRow,
  claims: IdClaims,
  client: ClientInfo,
  now: Date,
): Promise<Finished> {
  let account: Account | undefined;
  let newAccount = false;
  // Twice at most: a second callback of the same person may open the account in between.
  for (let round = 0; round < 2 && !account; round++) {
    const identity = await deps.identities.identityBySubject(provider.id, claims.subject);
    if (identity) {
      await deps.identities.touchIdentity(identity.id, {
        email: claims.email,
        emailVerified: claims.emailVerified,
        at: now,
      });
      account = await deps.accounts.accountOf(identity.userId);
      if (!account) throw new Error('an identity without its account');
      break;
    }
    if (claims.email && (await deps.identities.emailInUse(claims.email))) {
      throw new AppError(
        'CONFLICT',
        `An account with the email address ${claims.email} already exists. Sign in to it as you usually do, ` +
          `then connect ${provider.name} on your account page.`,
      );
    }
    account = await openSocialAccount(deps, {
      user: { ...namesOf(claims), email: claims.email, phone: null, locale: flow.locale, market: flow.market },
      identity: {
        provider: provider.id,
        subject: claims.subject,
        email: claims.email,
        emailVerified: claims.emailVerified,
        lastSignInAt: now,
      },
    });
    newAccount = account !== undefined;
  }
  if (!account) throw new Error('social sign-up kept colliding');
  const session = await startSession(deps, account, client);
  return { intent: 'sign-in', newAccount, session, returnTo: flow.returnTo };
}

async function link(
  deps: AuthDeps,
  provider: OidcProviderConfig,
  flow: SocialFlowRow,
  claims: IdClaims,
  principal: Principal | null,
  now: Date,
): Promise<Finished> {
  // The account that asked must still be the one signed in on this browser.
  if (!principal) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  if (principal.userId !== flow.userId) throw failedSignIn(provider, 'another account is signed in now');
  const linked = await deps.identities.linkIdentity(principal.userId, {
    provider: provider.id,
    subject: claims.subject,
    email: claims.email,
    emailVerified: claims.emailVerified,
    lastSignInAt: now,
  });
  if (linked === 'other-account') {
    throw new AppError('CONFLICT', `This ${provider.name} account is already connected to another Malewa account.`);
  }
  if (linked === 'provider-taken') {
    throw new AppError(
      'CONFLICT',
      `Your account is already connected to another ${provider.name} account. Disconnect that one first.`,
    );
  }
  return { intent: 'link', identity: toIdentity(linked), returnTo: flow.returnTo };
}

/** Name and surname from the claims: given and family name, else the full name split once. */
function namesOf(claims: IdClaims): { name: string; surname: string } {
  if (claims.givenName || claims.familyName) {
    return { name: claims.givenName ?? '', surname: claims.familyName ?? '' };
  }
  const [first = '', ...rest] = (claims.name ?? '').split(/\s+/);
  return { name: first.slice(0, 80), surname: rest.join(' ').slice(0, 80) };
}
