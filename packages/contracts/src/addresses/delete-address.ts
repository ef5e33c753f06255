import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZAddressParamsSchema } from './saved-address.ts';

/** `DELETE /api/addresses/{id}`: forgets it; if it was the default, the newest left becomes it. */
export const ZDeleteAddressResponseSchema = dataEnvelope(z.object({ id: z.uuid() }));

export const deleteAddressEndpoint = defineEndpoint({
  api: 'base',
  method: 'DELETE',
  path: '/addresses/:id',
  tags: ['addresses'],
  summary: 'Forget one of my addresses',
  access: 'signed-in',
  params: ZAddressParamsSchema,
  success: { 200: ZDeleteAddressResponseSchema },
  refusals: [400, 401, 404],
});
