import { ZAuthenticateRequestSchema, ZAuthenticateResponseSchema } from '@malewa/contracts/auth/authenticate';
import { ZConfirmResetRequestSchema, ZConfirmResetResponseSchema } from '@malewa/contracts/auth/confirm-reset';
import {
  ZConfirmVerificationRequestSchema,
  ZConfirmVerificationResponseSchema,
} from '@malewa/contracts/auth/confirm-verification';
import { ZGetMeResponseSchema } from '@malewa/contracts/auth/get-me';
import { ZLogoutRequestSchema, ZLogoutResponseSchema } from '@malewa/contracts/auth/logout';
import { ZRefreshSessionRequestSchema, ZRefreshSessionResponseSchema } from '@malewa/contracts/auth/refresh-session';
import { ZRegisterRequestSchema, ZRegisterResponseSchema } from '@malewa/contracts/auth/register';
import { ZRequestResetRequestSchema, ZRequestResetResponseSchema } from '@malewa/contracts/auth/request-reset';
import {
  ZRequestVerificationRequestSchema,
  ZRequestVerificationResponseSchema,
} from '@malewa/contracts/auth/request-verification';
import { ZUpdateAccountRequestSchema, ZUpdateAccountResponseSchema } from '@malewa/contracts/auth/update-account';
import { ZUpdateMeRequestSchema, ZUpdateMeResponseSchema } from '@malewa/contracts/auth/update-me';
import { ZErrorResponseSchema } from '@malewa/contracts/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireSignedIn } from '../../plugins/access-control.ts';
import type { AuthDeps } from './auth-deps.ts';
import { authenticate, type ClientInfo } from './authenticate.ts';
import { confirmReset } from './confirm-reset.ts';
import { confirmVerification } from './confirm-verification.ts';
import { getMe } from './get-me.ts';
import { marketOfStoreHeader } from './identifier.ts';
import { logout } from './logout.ts';
import { refreshSession } from './refresh-session.ts';
import { register } from './register.ts';
import { requestReset } from './request-reset.ts';
import { requestVerification } from './request-verification.ts';
import { updateAccount } from './update-account.ts';
import { updateMe } from './update-me.ts';

const E = ZErrorResponseSchema;
const limited = { 400: E, 429: E };
const signedIn = { 400: E, 401: E };

/** The client as the request tells it: address through trusted proxies, agent, X-STORE-ID's market. */
function clientOf(request: FastifyRequest): ClientInfo {
  return {
    ip: request.ip,
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
        response: { 200: ZUpdateAccountResponseSchema, ...signedIn, 429: E },
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
