import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZSessionSchema } from './user.ts';

export const ZRefreshSessionRequestSchema = z.object({
  refreshToken: z.string('Send the refresh token').min(1).max(256),
});
export type RefreshSessionRequest = z.infer<typeof ZRefreshSessionRequestSchema>;

/**
 * A new access token and a new refresh token (rotation); the one sent is spent. Sending a
 * spent refresh token again ends the whole session: a 401, and both tokens stop working.
 */
export const ZRefreshSessionResponseSchema = dataEnvelope(ZSessionSchema);

export const refreshSessionEndpoint = defineEndpoint({
  api: 'auth',
  method: 'POST',
  path: '/session/refresh',
  tags: ['auth'],
  summary: 'Exchange a refresh token for a new pair (rotation)',
  description: 'A refresh token works once; using it a second time ends the whole session (401).',
  access: 'anyone',
  body: ZRefreshSessionRequestSchema,
  success: { 200: ZRefreshSessionResponseSchema },
  refusals: [400, 401],
});
