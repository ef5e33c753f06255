import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZIdentitySchema } from './identity.ts';

export const ZListIdentitiesResponseSchema = dataEnvelope(z.array(ZIdentitySchema));
export type ListIdentitiesResponse = z.infer<typeof ZListIdentitiesResponseSchema>;

export const listIdentitiesEndpoint = defineEndpoint({
  api: 'auth',
  method: 'GET',
  path: '/account/identities',
  tags: ['auth'],
  summary: 'The social provider accounts connected to the signed-in account',
  access: 'signed-in',
  success: { 200: ZListIdentitiesResponseSchema },
  refusals: [400, 401],
});
