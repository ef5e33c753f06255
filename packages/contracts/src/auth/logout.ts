import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';

export const ZLogoutRequestSchema = z.object({
  /** `all=true` ends every session of the account, this one included. */
  all: z.stringbool().default(false),
});
export type LogoutRequest = z.infer<typeof ZLogoutRequestSchema>;

export const ZLogoutResponseSchema = dataEnvelope(z.object({ sessionsEnded: z.number().int().min(0) }));

export const logoutEndpoint = defineEndpoint({
  api: 'auth',
  method: 'DELETE',
  path: '/session/logout',
  tags: ['auth'],
  summary: 'Sign out this session, or every session with all=true',
  access: 'signed-in',
  query: ZLogoutRequestSchema,
  success: { 200: ZLogoutResponseSchema },
  refusals: [400, 401],
});
