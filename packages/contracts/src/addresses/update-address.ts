import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZAddressParamsSchema, ZSavedAddressInputSchema, ZSavedAddressSchema } from './saved-address.ts';

/** `PUT /api/addresses/{id}`: the whole address anew; `isDefault: true` makes it the default. */
export const ZUpdateAddressRequestSchema = ZSavedAddressInputSchema.strict();
export const ZUpdateAddressResponseSchema = dataEnvelope(ZSavedAddressSchema);

export const updateAddressEndpoint = defineEndpoint({
  api: 'base',
  method: 'PUT',
  path: '/addresses/:id',
  tags: ['addresses'],
  summary: 'Write one of my addresses anew, or make it the default',
  access: 'signed-in',
  params: ZAddressParamsSchema,
  body: ZUpdateAddressRequestSchema,
  success: { 200: ZUpdateAddressResponseSchema },
  refusals: [400, 401, 404],
});
