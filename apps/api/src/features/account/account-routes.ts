import { getCreditEndpoint } from '@malewa/contracts/account/get-credit';
import { getHeaderEndpoint } from '@malewa/contracts/account/get-header';
import { listCreditEntriesEndpoint } from '@malewa/contracts/account/list-credit-entries';
import type { FastifyPluginAsync } from 'fastify';
import { type GetHeaderDeps, getHeader } from '#api/flows/get-header.ts';
import { principalOf } from '#api/plugins/access-control.ts';
import { registerEndpoint } from '#api/plugins/endpoint-route.ts';
import { keepAnswersPrivate } from '#api/plugins/private-answers.ts';
import { placeHeaders } from '#api/request-headers.ts';
import type { AccountRepository } from './account-repository.ts';
import { getCredit } from './get-credit.ts';
import { listCreditEntries } from './list-credit-entries.ts';

export const accountRoutes: FastifyPluginAsync<{ account: AccountRepository } & GetHeaderDeps> = async (app, deps) => {
  // A shopper's own money and header: never kept by a shared cache.
  keepAnswersPrivate(app);

  registerEndpoint(app, getHeaderEndpoint, {
    handler: async (request) => ({ data: await getHeader(deps, principalOf(request), placeHeaders(request)) }),
  });
  registerEndpoint(app, getCreditEndpoint, {
    handler: async (request) => ({ data: await getCredit(deps, principalOf(request), request.query.currency) }),
  });
  registerEndpoint(app, listCreditEntriesEndpoint, {
    handler: async (request) => ({ data: await listCreditEntries(deps, principalOf(request)) }),
  });
};
