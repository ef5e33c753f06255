import { grantCreditEndpoint } from '@malewa/contracts/operator/grant-credit';
import type { FastifyPluginAsync } from 'fastify';
import { type GrantCreditDeps, grantCredit } from '#api/flows/grant-credit.ts';
import { principalOf } from '#api/plugins/access-control.ts';
import { registerEndpoint } from '#api/plugins/endpoint-route.ts';

/** The operator console's goodwill credit for a shopper's account. */
export const operatorCreditRoutes: FastifyPluginAsync<GrantCreditDeps> = async (app, deps) => {
  registerEndpoint(app, grantCreditEndpoint, {
    handler: async (request) => ({
      data: await grantCredit(deps, principalOf(request), request.params.accountId, request.body),
    }),
  });
};
