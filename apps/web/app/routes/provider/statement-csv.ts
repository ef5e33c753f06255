import { csvResponse } from '#app/features/ledger/csv.ts';
import type { Route } from './+types/statement-csv';
import { loadStatement, statementCsv } from './statement.server.ts';

/** `/provider/statement.csv?shop=&from=&to=`: the statement page's lines as a spreadsheet opens them. */
export async function loader({ url, request, context }: Route.LoaderArgs) {
  const { shop, statement } = await loadStatement(url, request, context);
  return csvResponse(statementCsv(statement), `statement-${shop.slug}-${statement.from}-${statement.to}.csv`);
}
