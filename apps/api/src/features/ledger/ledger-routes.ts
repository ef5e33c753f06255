import { listLedgerEndpoint } from '@malewa/contracts/operator/list-ledger';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '#api/plugins/endpoint-route.ts';
import type { LedgerRepository } from './ledger-repository.ts';
import { listOrderLedger } from './list-order-ledger.ts';

/** The operator console's view of the ledger. */
export const ledgerRoutes: FastifyPluginAsync<{ ledger: LedgerRepository }> = async (app, deps) => {
  registerEndpoint(app, listLedgerEndpoint, {
    handler: async (request) => ({ data: await listOrderLedger(deps, request.query.order) }),
  });
};
