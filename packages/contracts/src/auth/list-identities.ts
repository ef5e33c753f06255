import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import { ZIdentitySchema } from './identity.ts';

export const ZListIdentitiesResponseSchema = dataEnvelope(z.array(ZIdentitySchema));
export type ListIdentitiesResponse = z.infer<typeof ZListIdentitiesResponseSchema>;
