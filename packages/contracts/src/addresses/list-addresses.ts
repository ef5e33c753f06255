import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZStoreHeadersSchema } from '../request-headers.ts';
import { ZSavedAddressSchema } from './saved-address.ts';

/** `GET /api/addresses`: my addresses in my market, the default first, then the newest. */
export const ZListAddressesResponseSchema = dataEnvelope(z.array(ZSavedAddressSchema));

export const listAddressesEndpoint = defineEndpoint({
  api: 'base',
  method: 'GET',
  path: '/addresses',
  tags: ['addresses'],
  summary: 'My addresses in my market, the default first',
  access: 'signed-in',
  headers: ZStoreHeadersSchema,
  success: { 200: ZListAddressesResponseSchema },
  refusals: [400, 401],
});
