import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZIdentifierSchema } from './fields.ts';
import { SAME_ANSWER, ZAcceptedSchema } from './user.ts';

export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

export const ZRequestResetRequestSchema = z.object({ identifier: ZIdentifierSchema });
export type RequestResetRequest = z.infer<typeof ZRequestResetRequestSchema>;

/** Always `{ accepted: true }`: a link is sent only when an account has the identifier. */
export const ZRequestResetResponseSchema = dataEnvelope(ZAcceptedSchema);

export const requestResetEndpoint = defineEndpoint({
  api: 'auth',
  method: 'POST',
  path: '/reset/request',
  tags: ['auth'],
  summary: 'Send a password reset link',
  description: SAME_ANSWER,
  access: 'anyone',
  body: ZRequestResetRequestSchema,
  success: { 202: ZRequestResetResponseSchema },
  refusals: [400, 429],
});
