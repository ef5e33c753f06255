import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZStoreHeadersSchema } from '../request-headers.ts';
import { ZSavedAddressInputSchema, ZSavedAddressSchema } from './saved-address.ts';

/**
 * `POST /api/addresses`: keeps an address in my market (X-STORE-ID or X-STORE-LOCATION); its
 * phone must be one of that country. The first is the default.
 */
export const ZCreateAddressRequestSchema = ZSavedAddressInputSchema.strict();
export const ZCreateAddressResponseSchema = dataEnvelope(ZSavedAddressSchema);

export const createAddressEndpoint = defineEndpoint({
  api: 'base',
  method: 'POST',
  path: '/addresses',
  tags: ['addresses'],
  summary: 'Keep an address (the first in a market is the default)',
  access: 'signed-in',
  headers: ZStoreHeadersSchema,
  body: ZCreateAddressRequestSchema,
  success: { 201: ZCreateAddressResponseSchema },
  refusals: [400, 401, 422],
});
