import type { CountryCode } from '@malewa/contracts/markets';
import { type Statement, ZStatementQuerySchema } from '@malewa/contracts/provider/get-statement';
import type { RouterContextProvider } from 'react-router';
import { csvField, csvOf } from '#app/features/ledger/csv.ts';
import { getStatement } from '#app/features/ledger/ledger-api.server.ts';
import { periodOf, thisMonth } from '#app/features/ledger/period.ts';
import { currentShop } from '#app/features/provider/provider-shop.server.ts';
import { majorOf } from '#app/platform/money/minor-units.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';

/** A statement's amount, each the shop's money as the API gives it. */
type Amount = Exclude<keyof Statement, 'from' | 'to'>;

/**
 * The lines that lead from what Malewa owed the shop at the start to what it owes at the end,
 * in order, each with its effect on what is owed: +1 adds (what shoppers paid for the shop's
 * goods, delivery and tips), −1 takes away (the discounts it funded, Malewa's commission,
 * refunds, the cash it kept at the door and what it was paid). The API signs these as amounts
 * (a commission given back is negative), the statement as effects: opening + lines = closing.
 */
export const STATEMENT_LINES: readonly { key: Amount; effect: 1 | -1 }[] = [
  { key: 'grossSales', effect: 1 },
  { key: 'deliveryFees', effect: 1 },
  { key: 'discountsFunded', effect: -1 },
  { key: 'commission', effect: -1 },
  { key: 'refunds', effect: -1 },
  { key: 'tips', effect: 1 },
  { key: 'cashCollected', effect: -1 },
  { key: 'payouts', effect: -1 },
];

/** A line of the statement: what it is and its effect on what is owed, in minor units. */
export interface StatementRow {
  key: Amount;
  amount: number;
}

/** The statement's lines with their effect (0 stays 0, never −0). */
export function statementRows(statement: Statement): StatementRow[] {
  return STATEMENT_LINES.map(({ key, effect }) => ({ key, amount: statement[key].amount * effect || 0 }));
}

/** `?from=&to=` of a statement page or its CSV: this month on the shop's clock by default. */
export function statementPeriodOf(url: URL, market: CountryCode, now = new Date()) {
  return periodOf(url, thisMonth(market, now), (asked) => ZStatementQuerySchema.safeParse(asked).success);
}

/** The shop's statement for the asked period, through the API. */
export async function loadStatement(url: URL, request: Request, context: Readonly<RouterContextProvider>) {
  const { shop } = await signedInCall(url, () => currentShop(context, request, url));
  const { period, asked, invalid } = statementPeriodOf(url, shop.countryCode);
  const statement = await signedInCall(url, () => getStatement(context, request, shop.id, period));
  return { shop, statement, asked, invalid };
}

/** snake_case names of the CSV's lines, as accounting software imports them. */
const CSV_NAMES: Record<Amount, string> = {
  openingOwed: 'owed_at_start',
  grossSales: 'sales',
  deliveryFees: 'delivery_fees',
  discountsFunded: 'discounts_you_funded',
  discountsByMalewa: 'discounts_malewa_funded',
  commission: 'commission',
  refunds: 'refunds',
  tips: 'tips',
  cashCollected: 'cash_you_collected',
  payouts: 'payouts',
  closingOwed: 'owed_at_end',
};

/**
 * The statement as a spreadsheet opens it: one line a row, its effect on what is owed in major
 * units (the rows from the start to the end add up), then the discounts Malewa funded, which
 * change nothing the shop is owed and are there for its information.
 */
export function statementCsv(statement: Statement): string {
  const currency = statement.closingOwed.currency;
  const row = (key: Amount, amount: number) => [
    statement.from,
    statement.to,
    CSV_NAMES[key],
    csvField(majorOf(amount, currency), { number: true }),
    currency,
  ];
  return csvOf([
    ['period_start', 'period_end', 'line', 'amount', 'currency'],
    row('openingOwed', statement.openingOwed.amount),
    ...statementRows(statement).map((line) => row(line.key, line.amount)),
    row('closingOwed', statement.closingOwed.amount),
    row('discountsByMalewa', statement.discountsByMalewa.amount),
  ]);
}
