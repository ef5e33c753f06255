import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZIdentitySchema } from './identity.ts';
import { ZSocialProviderParamsSchema } from './social-providers.ts';

/** What stays connected after the unlink. */
export const ZUnlinkIdentityResponseSchema = dataEnvelope(z.array(ZIdentitySchema));
export type UnlinkIdentityResponse = z.infer<typeof ZUnlinkIdentityResponseSchema>;

export const unlinkIdentityEndpoint = defineEndpoint({
  api: 'auth',
  method: 'DELETE',
  path: '/account/identities/:provider',
  tags: ['auth'],
  summary: 'Disconnect a social provider from the signed-in account',
  description:
    'Answers what stays connected. 404 when it was not connected; 422 when it is the only way the account ' +
    'signs in (no password, no other provider).',
  access: 'signed-in',
  params: ZSocialProviderParamsSchema,
  success: { 200: ZUnlinkIdentityResponseSchema },
  refusals: [400, 401, 404, 422],
});
