import { dataEnvelope } from '../envelope.ts';
import { ZSavedAddressInputSchema, ZSavedAddressSchema } from './saved-address.ts';

/** `PUT /api/addresses/{id}`: the whole address anew; `isDefault: true` makes it the default. */
export const ZUpdateAddressRequestSchema = ZSavedAddressInputSchema.strict();
export const ZUpdateAddressResponseSchema = dataEnvelope(ZSavedAddressSchema);
