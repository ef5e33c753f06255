import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import { ZSavedAddressSchema } from './saved-address.ts';

/** `GET /api/addresses`: my addresses in my market, the default first, then the newest. */
export const ZListAddressesResponseSchema = dataEnvelope(z.array(ZSavedAddressSchema));
