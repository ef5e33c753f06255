import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZCartHeadersSchema } from '../request-headers.ts';

/**
 * `POST /api/carts/merge` (signed in, with the guest's X-Cart-Token): the guest's carts of
 * every service and market move into the account's. How many lines moved; 0 the second time.
 */
export const ZMergeGuestCartResponseSchema = dataEnvelope(z.object({ movedLines: z.number().int().min(0) }));

export const mergeGuestCartEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/carts/merge',
  tags: ['carts'],
  summary: 'Move a guest’s carts (X-Cart-Token) into mine, at sign-in or registration',
  access: 'signed-in',
  headers: ZCartHeadersSchema,
  success: { 200: ZMergeGuestCartResponseSchema },
  refusals: [400, 401],
});
