import type { ServiceId } from '@malewa/contracts/catalog/vocabulary';
import type { CountryCode } from '@malewa/contracts/markets';
import { listCommissionRatesEndpoint, setCommissionRateEndpoint } from '@malewa/contracts/operator/commission-rates';
import { listLedgerEndpoint } from '@malewa/contracts/operator/list-ledger';
import { listPayoutsEndpoint, recordPayoutsEndpoint } from '@malewa/contracts/operator/payouts';
import { getStatementEndpoint } from '@malewa/contracts/provider/get-statement';
import { IDEMPOTENCY_KEY_HEADER } from '@malewa/contracts/request-headers';
import type { FastifyPluginAsync } from 'fastify';
import { listPayouts, type PayoutDeps, recordPayouts } from '#api/flows/record-payouts.ts';
import { setCommissionRate } from '#api/flows/set-commission-rate.ts';
import { principalOf } from '#api/plugins/access-control.ts';
import { registerEndpoint } from '#api/plugins/endpoint-route.ts';
import { header } from '#api/request-headers.ts';
import { getStatement } from './get-statement.ts';
import { listOrderLedger } from './list-order-ledger.ts';

/** The ledger as the consoles read it: an order's transactions (operators), a shop's statement (its people). */
export const ledgerRoutes: FastifyPluginAsync<PayoutDeps> = async (app, deps) => {
  registerEndpoint(app, listLedgerEndpoint, {
    handler: async (request) => ({ data: await listOrderLedger(deps, request.query.order) }),
  });
  registerEndpoint(app, listPayoutsEndpoint, {
    handler: async (request) => ({ data: await listPayouts(deps, request.query) }),
  });
  registerEndpoint(app, recordPayoutsEndpoint, {
    handler: async (request) => ({
      data: await recordPayouts(
        deps,
        principalOf(request),
        header(request, IDEMPOTENCY_KEY_HEADER) ?? '',
        request.body,
      ),
    }),
  });
  registerEndpoint(app, listCommissionRatesEndpoint, {
    handler: async (request) => ({
      data: (await deps.ledger.commissionRates(request.query.countryCode)).map((rate) => ({
        id: rate.id,
        countryCode: rate.countryCode as CountryCode,
        service: rate.service as ServiceId,
        shop: rate.shopId && rate.shopName ? { id: rate.shopId, name: rate.shopName } : null,
        rateBp: rate.rateBp,
        validFrom: rate.validFrom.toISOString(),
      })),
    }),
  });
  registerEndpoint(app, setCommissionRateEndpoint, {
    handler: async (request) => ({ data: await setCommissionRate(deps, principalOf(request), request.body) }),
  });
  registerEndpoint(app, getStatementEndpoint, {
    handler: async (request) => ({
      data: await getStatement(deps, principalOf(request), request.params.shopId, request.query),
    }),
  });
};
