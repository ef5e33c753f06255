import { ZAuthenticateRequestSchema, ZAuthenticateResponseSchema } from '@malewa/contracts/auth/authenticate';
import { ZConfirmResetRequestSchema, ZConfirmResetResponseSchema } from '@malewa/contracts/auth/confirm-reset';
import {
  ZConfirmVerificationRequestSchema,
  ZConfirmVerificationResponseSchema,
} from '@malewa/contracts/auth/confirm-verification';
import {
  ZFinishSocialSignInQuerySchema,
  ZFinishSocialSignInResponseSchema,
} from '@malewa/contracts/auth/finish-social-sign-in';
import { ZGetMeResponseSchema } from '@malewa/contracts/auth/get-me';
import { ZListIdentitiesResponseSchema } from '@malewa/contracts/auth/list-identities';
import { ZLogoutRequestSchema, ZLogoutResponseSchema } from '@malewa/contracts/auth/logout';
import { ZRefreshSessionRequestSchema, ZRefreshSessionResponseSchema } from '@malewa/contracts/auth/refresh-session';
import { ZRegisterRequestSchema, ZRegisterResponseSchema } from '@malewa/contracts/auth/register';
import { ZRequestResetRequestSchema, ZRequestResetResponseSchema } from '@malewa/contracts/auth/request-reset';
import {
  ZRequestVerificationRequestSchema,
  ZRequestVerificationResponseSchema,
} from '@malewa/contracts/auth/request-verification';
import {
  ZListSocialProvidersResponseSchema,
  ZSocialProviderParamsSchema,
} from '@malewa/contracts/auth/social-providers';
import {
  FLOW_TOKEN_HEADER,
  ZStartSocialSignInRequestSchema,
  ZStartSocialSignInResponseSchema,
} from '@malewa/contracts/auth/start-social-sign-in';
import { ZUnlinkIdentityResponseSchema } from '@malewa/contracts/auth/unlink-identity';
import { ZUpdateAccountRequestSchema, ZUpdateAccountResponseSchema } from '@malewa/contracts/auth/update-account';
import { ZUpdateMeRequestSchema, ZUpdateMeResponseSchema } from '@malewa/contracts/auth/update-me';
import { ZErrorResponseSchema } from '@malewa/contracts/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ClientInfo } from '../../client-info.ts';
import { principalOf, requireSignedIn } from '../../plugins/access-control.ts';
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

const E = ZErrorResponseSchema;
const limited = { 400: E, 429: E };
const signedIn = { 400: E, 401: E };

/** The client as the request tells it: address through trusted proxies, agent, X-STORE-ID's market. */
function clientOf(request: FastifyRequest): ClientInfo {
  return {
    ip: request.clientAddress,
    userAgent: request.headers['user-agent'],
    market: marketOfStoreHeader(request.headers['x-store-id']),
  };
}

const SAME_ANSWER =
  'The answer is the same whether or not an account has this identifier, so that this request cannot ' +
  'be used to find out who has an account.';

/** The specification's auth API (§7) plus POST /session/refresh (DESIGN §4). */
export const authRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, deps) => {
  app.post(
    '/account/authenticate',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with an identifier (email or phone) and a password',
        description:
          'Answers a new session: an access token (Bearer) and a refresh token. A wrong password and an unknown ' +
          'identifier are the same 401. An unconfirmed account is a 403 (only with the right password). The 11th ' +
          'wrong password for one identifier within a minute is a 429 with Retry-After.',
        body: ZAuthenticateRequestSchema,
        response: { 200: ZAuthenticateResponseSchema, 401: E, 403: E, ...limited },
      },
    },
    async (request) => ({ data: await authenticate(deps, request.body, clientOf(request)) }),
  );

  app.get(
    '/account/providers',
    {
      schema: {
        tags: ['auth'],
        summary: 'The social sign-in providers that are enabled',
        description: 'Only providers configured with a client id and secret are listed; the others answer 404.',
        response: { 200: ZListSocialProvidersResponseSchema },
      },
    },
    async () => ({ data: listSocialProviders(deps) }),
  );

  app.post(
    '/account/:provider/authorize',
    {
      schema: {
        tags: ['auth'],
        summary: 'Begin signing in (or, with intent=link, connecting an account) with a social provider',
        description:
          'Answers the provider URL to send the browser to and a flow token. Keep the flow token in an httpOnly ' +
          `cookie of that browser and send it back in the ${FLOW_TOKEN_HEADER} header of the callback: the ` +
          'callback is only accepted from the browser that began it, within 10 minutes, once. intent=link needs ' +
          'a signed-in user (Bearer). 404 for a provider that is not enabled.',
        params: ZSocialProviderParamsSchema,
        body: ZStartSocialSignInRequestSchema,
        response: { 200: ZStartSocialSignInResponseSchema, 401: E, 404: E, 503: E, ...limited },
      },
    },
    async (request) => ({
      data: await startSocialSignIn(deps, request.params.provider, request.body, request.principal, clientOf(request)),
    }),
  );

  app.get(
    '/account/:provider/callback',
    {
      schema: {
        tags: ['auth'],
        summary: "Finish a social sign-in with the provider's answer",
        description:
          "Send the provider's query parameters as they reached the storefront's callback page, and the flow " +
          `token in ${FLOW_TOKEN_HEADER} (and, for intent=link, the Bearer token of the signed-in user). ` +
          'intent=sign-in answers a session as POST /account/authenticate does, opening the account on the first ' +
          'sign-in; an email address that already belongs to an account is a 409 (never joined: sign in to that ' +
          'account and connect the provider there). A forged, replayed, expired or other browser’s answer, or an ' +
          'ID token that does not check out, is a 400; a provider out of reach a 503.',
        params: ZSocialProviderParamsSchema,
        querystring: ZFinishSocialSignInQuerySchema,
        headers: z.looseObject({ [FLOW_TOKEN_HEADER]: z.string().max(200).optional() }),
        response: { 200: ZFinishSocialSignInResponseSchema, 401: E, 404: E, 409: E, 503: E, ...limited },
      },
    },
    async (request) => {
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
  );

  app.get(
    '/account/identities',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['auth'],
        summary: 'The social provider accounts connected to the signed-in account',
        response: { 200: ZListIdentitiesResponseSchema, ...signedIn },
      },
    },
    async (request) => ({ data: await listIdentities(deps, principalOf(request)) }),
  );

  app.delete(
    '/account/identities/:provider',
    {
      onRequest: requireSignedIn,
      schema: {
        tags: ['auth'],
        summary: 'Disconnect a social provider from the signed-in account',
        description:
          'Answers what stays connected. 404 when it was not connected; 422 when it is the only way the account ' +
          'signs in (no password, no other provider).',
        params: ZSocialProviderParamsSchema,
        response: { 200: ZUnlinkIdentityResponseSchema, 404: E, 422: E, ...signedIn },
      },
    },
    async (request) => ({ data: await unlinkIdentity(deps, principalOf(request), request.params.provider) }),
  );

  app.post(
    '/account/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Open an account; a code to confirm it is sent to the identifier',
        description: `Always 202 for a valid request. ${SAME_ANSWER} The owner of an existing account is told by message instead.`,
        body: ZRegisterRequestSchema,
        response: { 202: ZRegisterResponseSchema, ...limited },
      },
    },
    async (request, reply) => reply.status(202).send({ data: await register(deps, request.body, clientOf(request)) }),
  );

  app.post(
    '/verification/request',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a new confirmation code to an unconfirmed account',
        description: SAME_ANSWER,
        body: ZRequestVerificationRequestSchema,
        response: { 202: ZRequestVerificationResponseSchema, ...limited },
      },
    },
    async (request, reply) =>
      reply.status(202).send({ data: await requestVerification(deps, request.body, clientOf(request)) }),
  );

  app.post(
    '/verification/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirm an identifier with the link token, or the 6-digit code and its identifier',
        body: ZConfirmVerificationRequestSchema,
        response: { 200: ZConfirmVerificationResponseSchema, 409: E, ...limited },
      },
    },
    async (request) => ({ data: await confirmVerification(deps, request.body, clientOf(request)) }),
  );

  app.post(
    '/reset/request',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a password reset link',
        description: SAME_ANSWER,
        body: ZRequestResetRequestSchema,
        response: { 202: ZRequestResetResponseSchema, ...limited },
      },
    },
    async (request, reply) =>
      reply.status(202).send({ data: await requestReset(deps, request.body, clientOf(request)) }),
  );

  app.post(
    '/reset/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: 'Choose a new password with a reset link; every session of the account ends',
        body: ZConfirmResetRequestSchema,
        response: { 200: ZConfirmResetResponseSchema, ...limited },
      },
    },
    async (request) => ({ data: await confirmReset(deps, request.body, clientOf(request)) }),
  );

  app.put(
    '/account/update',
    {
      onRequest: requireSignedIn,
      schema: {
        security: [{ bearer: [] }],
        tags: ['auth'],
        summary: 'Change the password and/or the sign-in identifier (needs the current password)',
        description:
          'A new password ends every other session. A new identifier waits for the code sent to it ' +
          '(POST /verification/confirm with that identifier). A wrong current password is a 400 on currentPassword.',
        body: ZUpdateAccountRequestSchema,
        response: { 200: ZUpdateAccountResponseSchema, 422: E, ...signedIn, 429: E },
      },
    },
    async (request) => ({
      data: await updateAccount(deps, principalOf(request), request.body, clientOf(request)),
    }),
  );

  app.delete(
    '/session/logout',
    {
      onRequest: requireSignedIn,
      schema: {
        security: [{ bearer: [] }],
        tags: ['auth'],
        summary: 'Sign out this session, or every session with all=true',
        querystring: ZLogoutRequestSchema,
        response: { 200: ZLogoutResponseSchema, ...signedIn },
      },
    },
    async (request) => ({ data: await logout(deps, principalOf(request), request.query.all) }),
  );

  app.post(
    '/session/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token for a new pair (rotation)',
        description: 'A refresh token works once; using it a second time ends the whole session (401).',
        body: ZRefreshSessionRequestSchema,
        response: { 200: ZRefreshSessionResponseSchema, 400: E, 401: E },
      },
    },
    async (request) => ({ data: await refreshSession(deps, request.body) }),
  );

  app.get(
    '/user/me',
    {
      onRequest: requireSignedIn,
      schema: {
        security: [{ bearer: [] }],
        tags: ['auth'],
        summary: 'The signed-in user and credential',
        response: { 200: ZGetMeResponseSchema, ...signedIn },
      },
    },
    async (request) => ({ data: await getMe(deps, principalOf(request)) }),
  );

  app.put(
    '/user/me',
    {
      onRequest: requireSignedIn,
      schema: {
        security: [{ bearer: [] }],
        tags: ['auth'],
        summary: 'Replace the profile of the signed-in user',
        body: ZUpdateMeRequestSchema,
        response: { 200: ZUpdateMeResponseSchema, ...signedIn },
      },
    },
    async (request) => ({ data: await updateMe(deps, principalOf(request), request.body, clientOf(request)) }),
  );
};
