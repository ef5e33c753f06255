/**
 * How each market's shoppers write their currencies, whatever the page's language: Intl alone
 * writes "ZAR" and "KES" in Arabic, "FR" for the Rwandan franc in French and a bare "$" for the
 * US dollar, which in Zimbabwe stands beside the ZiG.
 */
const SYMBOLS: Readonly<Record<string, string>> = {
  ZAR: 'R',
  KES: 'KSh',
  RWF: 'RF',
  BWP: 'P',
  MZN: 'MT',
  USD: 'US$',
  ZWG: 'ZiG',
};

/**
 * An amount in minor units of its currency, for reading (DESIGN §3): the number of minor units
 * comes from the currency (RWF has none, ZAR two), never from a constant 100; separators,
 * digits and the symbol's place from the page's language in the shopper's country (`en-KE`,
 * `pt-MZ`), the symbol itself from the market (`SYMBOLS`). The one money formatter: every
 * price, total and balance goes through it.
 */
export function formatMoney(minor: number, currency: string, languageTag: string): string {
  const format = new Intl.NumberFormat(languageTag, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  const symbol = SYMBOLS[currency];
  return format
    .formatToParts(minor / 10 ** digits)
    .map((part) => (part.type === 'currency' && symbol ? symbol : part.value))
    .join('');
}
