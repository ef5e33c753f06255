import { ZGetCreditResponseSchema } from '@malewa/contracts/account/get-credit';
import { ZErrorResponseSchema } from '@malewa/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireSignedIn } from '../../plugins/access-control.ts';
import type { AccountRepository } from './account-repository.ts';
import { getCredit } from './get-credit.ts';

export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountRepository }> = async (app, deps) => {
  app.get(
    '/account/credit',
    {
      onRequest: requireSignedIn,
      schema: {
        security: [{ bearer: [] }],
        tags: ['account'],
        summary: 'My store credit, in minor units of my market’s currency',
        response: { 200: ZGetCreditResponseSchema, 401: ZErrorResponseSchema },
      },
    },
    async (request) => ({ data: await getCredit(deps, principalOf(request)) }),
  );
};
