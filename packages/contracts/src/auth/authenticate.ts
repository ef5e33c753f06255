import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZCurrentPasswordSchema, ZIdentifierSchema } from './fields.ts';
import { ZSessionSchema } from './user.ts';

/** How many wrong passwords one identifier may get per minute before the next try is a 429. */
export const SIGN_IN_FAILURES_PER_IDENTIFIER = 10;

export const ZAuthenticateRequestSchema = z.object({
  identifier: ZIdentifierSchema,
  secret: ZCurrentPasswordSchema,
});
export type AuthenticateRequest = z.infer<typeof ZAuthenticateRequestSchema>;

export const ZAuthenticateResponseSchema = dataEnvelope(ZSessionSchema);
export type AuthenticateResponse = z.infer<typeof ZAuthenticateResponseSchema>;

/**
 * Why a sign-in is refused, as the refusal's `problem`: `wrong_credentials` (the 401: an unknown
 * identifier and a wrong password alike, so that it tells nobody who has an account) or
 * `unconfirmed` (the 403: the password is right, the account still waits for its code).
 */
export const ZAuthenticateProblemSchema = z.object({ code: z.enum(['wrong_credentials', 'unconfirmed']) });
export type AuthenticateProblem = z.infer<typeof ZAuthenticateProblemSchema>;

export const authenticateEndpoint = defineEndpoint({
  api: 'auth',
  method: 'POST',
  path: '/account/authenticate',
  tags: ['auth'],
  summary: 'Sign in with an identifier (email or phone) and a password',
  description:
    'Answers a new session: an access token (Bearer) and a refresh token. A wrong password and an unknown ' +
    'identifier are the same 401. An unconfirmed account is a 403 (only with the right password). The 11th ' +
    'wrong password for one identifier within a minute is a 429 with Retry-After.',
  access: 'anyone',
  body: ZAuthenticateRequestSchema,
  success: { 200: ZAuthenticateResponseSchema },
  refusals: [400, 401, 403, 429],
  problems: ZAuthenticateProblemSchema,
});
