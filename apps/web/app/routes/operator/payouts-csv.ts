import { csvResponse } from '#app/features/ledger/csv.ts';
import type { Route } from './+types/payouts-csv';
import { loadPayouts, payoutsCsv } from './payouts.server.ts';

/** `/operator/payouts.csv?countryCode=&from=&to=`: the shops still to pay, as a bulk payment file. */
export async function loader({ url, request, context }: Route.LoaderArgs) {
  const { market, period, lines } = await loadPayouts(url, request, context);
  return csvResponse(payoutsCsv(lines, period), `payouts-${market}-${period.from}-${period.to}.csv`);
}
