/**
 * An amount in minor units of its currency, for reading (DESIGN §3): the number of minor units
 * comes from the currency (RWF has none, ZAR two), never from a constant 100; the symbol,
 * separators and digits from the page's language in the shopper's country (`en-KE`, `pt-MZ`).
 */
export function formatMoney(minor: number, currency: string, languageTag: string): string {
  const format = new Intl.NumberFormat(languageTag, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}
