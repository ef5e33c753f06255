import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZCredentialSchema, ZUserSchema } from './user.ts';

/** `credential` is null for an account that signs in only through a social provider. */
export const ZMeSchema = z.object({ user: ZUserSchema, credential: ZCredentialSchema.nullable() });
export type Me = z.infer<typeof ZMeSchema>;

export const ZGetMeResponseSchema = dataEnvelope(ZMeSchema);
export type GetMeResponse = z.infer<typeof ZGetMeResponseSchema>;

export const getMeEndpoint = defineEndpoint({
  api: 'auth',
  method: 'GET',
  path: '/user/me',
  tags: ['auth'],
  summary: 'The signed-in user and credential',
  access: 'signed-in',
  success: { 200: ZGetMeResponseSchema },
  refusals: [400, 401],
});
