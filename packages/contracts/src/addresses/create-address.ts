import { dataEnvelope } from '../envelope.ts';
import { ZSavedAddressInputSchema, ZSavedAddressSchema } from './saved-address.ts';

/**
 * `POST /api/addresses`: keeps an address in my market (X-STORE-ID or X-STORE-LOCATION); its
 * phone must be one of that country. The first is the default.
 */
export const ZCreateAddressRequestSchema = ZSavedAddressInputSchema.strict();
export const ZCreateAddressResponseSchema = dataEnvelope(ZSavedAddressSchema);
