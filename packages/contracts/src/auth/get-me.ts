import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';
import { ZCredentialSchema, ZUserSchema } from './user.ts';

export const ZMeSchema = z.object({ user: ZUserSchema, credential: ZCredentialSchema });
export type Me = z.infer<typeof ZMeSchema>;

export const ZGetMeResponseSchema = dataEnvelope(ZMeSchema);
export type GetMeResponse = z.infer<typeof ZGetMeResponseSchema>;
