import type { CountryCode } from '@malewa/contracts/markets';
import {
  listCommissionRatesEndpoint,
  type SetCommissionRateRequest,
  setCommissionRateEndpoint,
} from '@malewa/contracts/operator/commission-rates';
import { type GrantCreditRequest, grantCreditEndpoint } from '@malewa/contracts/operator/grant-credit';
import {
  listPayoutsEndpoint,
  type PayoutsQuery,
  type RecordPayoutsRequest,
  recordPayoutsEndpoint,
} from '@malewa/contracts/operator/payouts';
import { getStatementEndpoint, type StatementQuery } from '@malewa/contracts/provider/get-statement';
import { IDEMPOTENCY_KEY_HEADER } from '@malewa/contracts/request-headers';
import type { RouterContextProvider } from 'react-router';
import { apiClientFor } from '#app/platform/api-client/api-client.server.ts';
import { sessionOf } from '#app/platform/session/session.server.ts';

type Context = Readonly<RouterContextProvider>;

/** The consoles' money calls to the API, through the signed-in session: the API decides who may. */
function client(context: Context, request: Request) {
  return apiClientFor(context, request, sessionOf(context));
}

/** A shop's statement for its days `from` to `to` (its people only). */
export async function getStatement(context: Context, request: Request, shopId: string, query: StatementQuery) {
  return (await client(context, request).call(getStatementEndpoint, { params: { shopId }, query })).data;
}

/** What each shop of a market is owed at the end of a period (operators). */
export async function listPayouts(context: Context, request: Request, query: PayoutsQuery) {
  return (await client(context, request).call(listPayoutsEndpoint, { query })).data;
}

/** Records a batch as paid, once per key: the same key again changes nothing. */
export async function recordPayouts(context: Context, request: Request, key: string, body: RecordPayoutsRequest) {
  return (
    await client(context, request).call(recordPayoutsEndpoint, { body, headers: { [IDEMPOTENCY_KEY_HEADER]: key } })
  ).data;
}

/** A market's commission rates, newest first. */
export async function listCommissionRates(context: Context, request: Request, countryCode: CountryCode) {
  return (await client(context, request).call(listCommissionRatesEndpoint, { query: { countryCode } })).data;
}

export async function setCommissionRate(context: Context, request: Request, body: SetCommissionRateRequest) {
  return (await client(context, request).call(setCommissionRateEndpoint, { body })).data;
}

/** Goodwill credit, in minor units of the account's market currency. */
export async function grantCredit(context: Context, request: Request, accountId: string, body: GrantCreditRequest) {
  return (await client(context, request).call(grantCreditEndpoint, { params: { accountId }, body })).data;
}
