import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import { ZCredentialSchema, ZUserSchema } from './user.ts';

/** `credential` is null for an account that signs in only through a social provider. */
export const ZMeSchema = z.object({ user: ZUserSchema, credential: ZCredentialSchema.nullable() });
export type Me = z.infer<typeof ZMeSchema>;

export const ZGetMeResponseSchema = dataEnvelope(ZMeSchema);
export type GetMeResponse = z.infer<typeof ZGetMeResponseSchema>;
