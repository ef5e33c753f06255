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
 * An amount in minor units of its currency, for reading (docs/product/catalog.md, money): the
 * number of minor units comes from the currency (RWF has none, ZAR two), never from a constant
 * 100; separators, digits and the symbol's place from the page's language in the shopper's
 * country (`en-KE`, `pt-MZ`), the symbol itself from the market (`SYMBOLS`). The one money
 * formatter: every price, total and balance goes through it.
 */
export function formatMoney(minor: number, currency: string, languageTag: string): string {
  const entry = formatterFor(languageTag, currency);
  let text = entry.written.get(minor);
  if (text === undefined) {
    const symbol = SYMBOLS[currency];
    text = entry.format
      .formatToParts(minor / 10 ** entry.digits)
      .map((part) => (part.type === 'currency' && symbol ? symbol : part.value))
      .join('');
    if (entry.written.size >= MAX_WRITTEN_AMOUNTS) entry.written.clear();
    entry.written.set(minor, text);
  }
  return text;
}

/**
 * Amounts already written, per formatter: a list page writes dozens of prices, the same ones
 * page after page, and taking a number apart to swap its symbol cost more than finding it.
 */
const MAX_WRITTEN_AMOUNTS = 5000;

/**
 * Making an Intl.NumberFormat costs about a hundred times formatting with one, and a list page
 * prints dozens of prices: one per language tag and currency, kept for the process (a few
 * dozen at most: 25 languages × the markets' currencies).
 */
interface Formatter {
  format: Intl.NumberFormat;
  digits: number;
  written: Map<number, string>;
}

const FORMATTERS = new Map<string, Formatter>();

function formatterFor(languageTag: string, currency: string): Formatter {
  const key = `${languageTag} ${currency}`;
  let entry = FORMATTERS.get(key);
  if (!entry) {
    const format = new Intl.NumberFormat(languageTag, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' });
    entry = { format, digits: format.resolvedOptions().maximumFractionDigits ?? 2, written: new Map() };
    FORMATTERS.set(key, entry);
  }
  return entry;
}
