import type { TaxClass } from '@malewa/contracts/catalog/vocabulary';
import type { CountryCode } from '@malewa/contracts/country-codes';
import { allocate } from './allocate.ts';
import { rateAt } from './tax-rates.ts';

/** One taxable part of an order. */
export interface VatLine {
  /**
   * What the shopper pays for it, VAT included, in minor units, after the discounts the shop
   * funds (they lower the consideration; see `discountShares`). Delivery is passed as a
   * standard line; a tip is no consideration for a supply and is left out.
   */
  gross: number;
  taxClass: TaxClass;
}

/** The VAT at one rate: what the invoice shows per rate. */
export interface VatRow {
  /** Basis points; 0 for zero-rated lines. */
  rate: number;
  /** Σ gross at this rate less the VAT in it. */
  taxable: number;
  amount: number;
}

export interface Vat {
  /** Highest rate first; a 0 % row when zero-rated lines are present. */
  tax: VatRow[];
  /** Σ gross of exempt lines: no VAT, shown apart from the rows. */
  exempt: number;
}

/**
 * The VAT in an order's prices, which are VAT-inclusive: per rate, amount = gross × rate /
 * (10000 + rate) rounded half up, and taxable = gross − amount. It is worked out once per rate
 * on the rate's total, not per line and summed: the invoice shows one VAT figure per rate, and
 * rounding each line drifts from it (three 10.00 lines at 15 % are 1.30 each, 3.90, while the
 * 30.00 they come to holds 3.91). `at` is the time of supply, for the rate in force then.
 */
export function vatOf(lines: readonly VatLine[], countryCode: CountryCode, at: Date): Vat {
  const grossByRate = new Map<number, number>();
  let exempt = 0;
  for (const line of lines) {
    const rate = rateAt(countryCode, line.taxClass, at);
    if (rate === null) exempt += line.gross;
    else grossByRate.set(rate, (grossByRate.get(rate) ?? 0) + line.gross);
  }
  const tax = [...grossByRate].map(([rate, gross]) => {
    const amount = roundHalfUp(gross * rate, 10_000 + rate);
    return { rate, taxable: gross - amount, amount };
  });
  tax.sort((a, b) => b.rate - a.rate);
  return { tax, exempt };
}

/** numerator / denominator to the nearest integer, halves up; all in integers, so no 0.1 + 0.2 drift. */
function roundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/**
 * A shop-funded goods discount spread over the goods lines in proportion to their gross, in
 * whole minor units that add up to it (`allocate`): subtract each share from its line's gross
 * to get the line's consideration, so a discount on a basket of standard and zero-rated food
 * lowers the VAT only by its standard-rated part.
 */
export function discountShares(lines: readonly Pick<VatLine, 'gross'>[], goodsDiscount: number): number[] {
  const goods = lines.reduce((sum, line) => sum + line.gross, 0);
  if (goodsDiscount > goods) throw new RangeError(`A discount of ${goodsDiscount} is more than the goods, ${goods}`);
  return allocate(
    goodsDiscount,
    lines.map((line) => line.gross),
  );
}
