import { type CurrencyCode, MARKET_CURRENCY } from '@malewa/contracts/currencies';
import type { CountryCode } from '@malewa/contracts/markets';
import type { Statement, StatementQuery } from '@malewa/contracts/provider/get-statement';
import { addDays, zonedInstant } from '@malewa/contracts/zoned-time';
import { AppError } from '#api/app-error.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { LedgerRepository } from './ledger-repository.ts';

/** The accounts that are the shop's own: what Malewa owes it, and its tips. */
const SHOP_ACCOUNTS = new Set(['shop_payable', 'shop_tips']);

/** A shop's statement for its days `from` to `to`, from its ledger entries (its people only; else 404). */
export async function getStatement(
  deps: { ledger: Pick<LedgerRepository, 'shopRunBy' | 'shopSums'> },
  principal: Principal,
  shopId: string,
  query: StatementQuery,
): Promise<Statement> {
  const shop = await deps.ledger.shopRunBy(principal.userId, shopId);
  if (!shop) throw new AppError('NOT_FOUND', 'No such shop');
  const currency: CurrencyCode = MARKET_CURRENCY[shop.countryCode as CountryCode];
  const from = zonedInstant(query.from, 0, shop.timeZone);
  const to = zonedInstant(addDays(query.to, 1), 0, shop.timeZone);
  const rows = await deps.ledger.shopSums(shop.id, from, to);
  // The shop's accounts are Malewa's debts to it: a credit (negative) is owed to the shop.
  const during = (purpose: string, accounts = SHOP_ACCOUNTS) =>
    rows
      .filter((row) => accounts.has(row.account) && row.purpose === purpose)
      .reduce((sum, row) => sum + Number(row.during), 0);
  const owedBefore = -rows
    .filter((row) => SHOP_ACCOUNTS.has(row.account))
    .reduce((sum, row) => sum + Number(row.before), 0);
  const owedDuring = -rows
    .filter((row) => SHOP_ACCOUNTS.has(row.account))
    .reduce((sum, row) => sum + Number(row.during), 0);
  const money = (amount: number) => ({ amount: amount || 0, currency });
  return {
    from: query.from,
    to: query.to,
    openingOwed: money(owedBefore),
    grossSales: money(-during('sales')),
    deliveryFees: money(-during('delivery')),
    discountsFunded: money(during('discount_shop')),
    discountsByMalewa: money(during('discount_platform', new Set(['platform_promotions']))),
    commission: money(during('commission')),
    refunds: money(during('refund')),
    tips: money(-during('tip')),
    cashCollected: money(during('cash_collected')),
    payouts: money(during('payout')),
    closingOwed: money(owedBefore + owedDuring),
  };
}
