import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import { ZIdentitySchema } from './identity.ts';

/** What stays connected after the unlink. */
export const ZUnlinkIdentityResponseSchema = dataEnvelope(z.array(ZIdentitySchema));
export type UnlinkIdentityResponse = z.infer<typeof ZUnlinkIdentityResponseSchema>;
