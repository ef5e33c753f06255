import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZIdentifierSchema } from './fields.ts';
import { SAME_ANSWER, ZAcceptedSchema } from './user.ts';

export const ZRequestVerificationRequestSchema = z.object({ identifier: ZIdentifierSchema });
export type RequestVerificationRequest = z.infer<typeof ZRequestVerificationRequestSchema>;

/** Always `{ accepted: true }`: a code is sent only when an unconfirmed account has the identifier. */
export const ZRequestVerificationResponseSchema = dataEnvelope(ZAcceptedSchema);

export const requestVerificationEndpoint = defineEndpoint({
  api: 'auth',
  method: 'POST',
  path: '/verification/request',
  tags: ['auth'],
  summary: 'Send a new confirmation code to an unconfirmed account',
  description: SAME_ANSWER,
  access: 'anyone',
  body: ZRequestVerificationRequestSchema,
  success: { 202: ZRequestVerificationResponseSchema },
  refusals: [400, 429],
});
