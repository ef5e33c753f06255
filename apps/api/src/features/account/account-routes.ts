import { getCreditEndpoint } from '@malewa/contracts/account/get-credit';
import { listCreditEntriesEndpoint } from '@malewa/contracts/account/list-credit-entries';
import type { FastifyPluginAsync } from 'fastify';
import { principalOf } from '#api/plugins/access-control.ts';
import { registerEndpoint } from '#api/plugins/endpoint-route.ts';
import type { AccountRepository } from './account-repository.ts';
import { getCredit } from './get-credit.ts';
import { listCreditEntries } from './list-credit-entries.ts';

export const accountRoutes: FastifyPluginAsync<{ account: AccountRepository }> = async (app, deps) => {
  registerEndpoint(app, getCreditEndpoint, {
    handler: async (request) => ({ data: await getCredit(deps, principalOf(request), request.query.currency) }),
  });
  registerEndpoint(app, listCreditEntriesEndpoint, {
    handler: async (request) => ({ data: await listCreditEntries(deps, principalOf(request)) }),
  });
};
