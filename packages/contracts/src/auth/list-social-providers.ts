import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataEnvelope } from '../envelope.ts';
import { ZSocialProviderSchema } from './social-providers.ts';

export const ZListSocialProvidersResponseSchema = dataEnvelope(z.array(ZSocialProviderSchema));
export type ListSocialProvidersResponse = z.infer<typeof ZListSocialProvidersResponseSchema>;

export const listSocialProvidersEndpoint = defineEndpoint({
  api: 'auth',
  method: 'GET',
  path: '/account/providers',
  tags: ['auth'],
  summary: 'The social sign-in providers that are enabled',
  description: 'Only providers configured with a client id and secret are listed; the others answer 404.',
  access: 'anyone',
  success: { 200: ZListSocialProvidersResponseSchema },
  refusals: [],
});
