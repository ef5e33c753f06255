import { authenticateEndpoint } from '@malewa/contracts/auth/authenticate';
import { confirmResetEndpoint } from '@malewa/contracts/auth/confirm-reset';
import { confirmVerificationEndpoint } from '@malewa/contracts/auth/confirm-verification';
import { finishSocialSignInEndpoint } from '@malewa/contracts/auth/finish-social-sign-in';
import { getMeEndpoint } from '@malewa/contracts/auth/get-me';
import { listIdentitiesEndpoint } from '@malewa/contracts/auth/list-identities';
import { listSocialProvidersEndpoint } from '@malewa/contracts/auth/list-social-providers';
import { logoutEndpoint } from '@malewa/contracts/auth/logout';
import { refreshSessionEndpoint } from '@malewa/contracts/auth/refresh-session';
import { registerAccountEndpoint } from '@malewa/contracts/auth/register';
import { requestResetEndpoint } from '@malewa/contracts/auth/request-reset';
import { requestVerificationEndpoint } from '@malewa/contracts/auth/request-verification';
import { FLOW_TOKEN_HEADER, startSocialSignInEndpoint } from '@malewa/contracts/auth/start-social-sign-in';
import { unlinkIdentityEndpoint } from '@malewa/contracts/auth/unlink-identity';
import { updateAccountEndpoint } from '@malewa/contracts/auth/update-account';
import { updateMeEndpoint } from '@malewa/contracts/auth/update-me';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ClientInfo } from '#api/client-info.ts';
import { principalOf } from '#api/plugins/access-control.ts';
import { registerEndpoint } from '#api/plugins/endpoint-route.ts';
import type { AuthDeps } from './auth-deps.ts';
import { authenticate } from './authenticate.ts';
import { confirmReset } from './confirm-reset.ts';
import { confirmVerification } from './confirm-verification.ts';
import { finishSocialSignIn } from './finish-social-sign-in.ts';
import { getMe } from './get-me.ts';
import { marketOfStoreHeader } from './identifier.ts';
import { listIdentities } from './list-identities.ts';
import { listSocialProviders } from './list-social-providers.ts';
import { logout } from './logout.ts';
import { refreshSession } from './refresh-session.ts';
import { register } from './register.ts';
import { requestReset } from './request-reset.ts';
import { requestVerification } from './request-verification.ts';
import { startSocialSignIn } from './start-social-sign-in.ts';
import { unlinkIdentity } from './unlink-identity.ts';
import { updateAccount } from './update-account.ts';
import { updateMe } from './update-me.ts';

/** The client as the request tells it: address through trusted proxies, agent, X-STORE-ID's market. */
function clientOf(request: Pick<FastifyRequest, 'clientAddress' | 'headers'>): ClientInfo {
  return {
    ip: request.clientAddress,
    userAgent: request.headers['user-agent'],
    market: marketOfStoreHeader(request.headers['x-store-id']),
  };
}

/** The specification's auth API plus POST /session/refresh; rate limits are the services' own. */
export const authRoutes: FastifyPluginAsync<AuthDeps> = async (app, deps) => {
  registerEndpoint(app, authenticateEndpoint, {
    handler: async (request) => ({ data: await authenticate(deps, request.body, clientOf(request)) }),
  });

  registerEndpoint(app, listSocialProvidersEndpoint, { handler: () => ({ data: listSocialProviders(deps) }) });

  registerEndpoint(app, startSocialSignInEndpoint, {
    handler: async (request) => ({
      data: await startSocialSignIn(deps, request.params.provider, request.body, request.principal, clientOf(request)),
    }),
  });

  registerEndpoint(app, finishSocialSignInEndpoint, {
    handler: async (request) => {
      const flowToken = request.headers[FLOW_TOKEN_HEADER];
      return {
        data: await finishSocialSignIn(
          deps,
          request.params.provider,
          request.query,
          typeof flowToken === 'string' ? flowToken : undefined,
          request.principal,
          clientOf(request),
        ),
      };
    },
  });

  registerEndpoint(app, listIdentitiesEndpoint, {
    handler: async (request) => ({ data: await listIdentities(deps, principalOf(request)) }),
  });

  registerEndpoint(app, unlinkIdentityEndpoint, {
    handler: async (request) => ({
      data: await unlinkIdentity(deps, principalOf(request), request.params.provider),
    }),
  });

  registerEndpoint(app, registerAccountEndpoint, {
    handler: async (request) => ({ data: await register(deps, request.body, clientOf(request)) }),
  });

  registerEndpoint(app, requestVerificationEndpoint, {
    handler: async (request) => ({ data: await requestVerification(deps, request.body, clientOf(request)) }),
  });

  registerEndpoint(app, confirmVerificationEndpoint, {
    handler: async (request) => ({ data: await confirmVerification(deps, request.body, clientOf(request)) }),
  });

  registerEndpoint(app, requestResetEndpoint, {
    handler: async (request) => ({ data: await requestReset(deps, request.body, clientOf(request)) }),
  });

  registerEndpoint(app, confirmResetEndpoint, {
    handler: async (request) => ({ data: await confirmReset(deps, request.body, clientOf(request)) }),
  });

  registerEndpoint(app, updateAccountEndpoint, {
    handler: async (request) => ({
      data: await updateAccount(deps, principalOf(request), request.body, clientOf(request)),
    }),
  });

  registerEndpoint(app, logoutEndpoint, {
    handler: async (request) => ({ data: await logout(deps, principalOf(request), request.query.all) }),
  });

  registerEndpoint(app, refreshSessionEndpoint, {
    handler: async (request) => ({ data: await refreshSession(deps, request.body) }),
  });

  registerEndpoint(app, getMeEndpoint, {
    handler: async (request) => ({ data: await getMe(deps, principalOf(request)) }),
  });

  registerEndpoint(app, updateMeEndpoint, {
    handler: async (request) => ({
      data: await updateMe(deps, principalOf(request), request.body, clientOf(request)),
    }),
  });
};
