import { currencyDigits } from '@malewa/contracts/currencies';

/** 55000 minor units of KES → "550"; 55050 → "550.5"; of RWF (no minor unit) → "55000". For a form's field. */
export function majorOf(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  return digits === 0 ? String(minor) : (minor / 10 ** digits).toFixed(digits).replace(/\.?0+$/, '');
}

/** Arabic-Indic (٠–٩) and Eastern Arabic-Indic (۰–۹) digits, as Arabic phone keyboards type them. */
const OTHER_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;
const asciiDigit = (digit: string) => String((digit.codePointAt(0) ?? 0) & 0xf);

/**
 * An amount typed in major units, as people write them in our languages, → the same text with
 * a dot for its decimals and nothing else: "1 200", "1,200.50", "1.200,50", "550,5", "1'200",
 * "١٢٠٠٫٥". Group marks are spaces (also no-break ones), apostrophes, the Arabic thousands
 * sign, and a comma or dot when the other mark is the decimal one, when it comes more than
 * once, or when exactly three digits follow it (no currency of ours has three decimals).
 */
function plainAmount(typed: string): string {
  const text = typed
    .trim()
    .replace(OTHER_DIGITS, asciiDigit)
    .replace(/\u066b/g, '.')
    .replace(/[\s'’\u066c]/g, '');
  const lastComma = text.lastIndexOf(',');
  const lastDot = text.lastIndexOf('.');
  let group = '';
  let decimal = '';
  if (lastComma >= 0 && lastDot >= 0) {
    // Both marks: the later one is the decimal.
    [group, decimal] = lastComma > lastDot ? ['.', ','] : [',', '.'];
  } else if (lastComma >= 0 || lastDot >= 0) {
    const mark = lastComma >= 0 ? ',' : '.';
    const once = text.indexOf(mark) === text.lastIndexOf(mark);
    if (!once || /^\d{3}$/.test(text.slice(text.lastIndexOf(mark) + 1))) group = mark;
    else decimal = mark;
  }
  const [integer = '', fraction, ...more] = decimal ? text.split(decimal) : [text];
  if (more.length > 0) return '';
  // Grouped thousands are groups of three: "1,2,3" is no amount.
  if (group && !new RegExp(`^\\d{1,3}(\\${group}\\d{3})+$`).test(integer)) return '';
  const whole = group ? integer.replaceAll(group, '') : integer;
  return fraction === undefined ? whole : `${whole}.${fraction}`;
}

/**
 * An amount as a provider, an operator or a shopper types it, in major units → minor units of
 * the currency, counted exactly (no floating point); undefined when it is not one, has more
 * decimals than the currency, is zero (unless `zero`) or above `max`. The one reader of typed
 * amounts: prices, fees, offers, the note a cash payer hands over, the catalog's price filter.
 */
export function minorOf(typed: string, currency: string, { zero = false, max = 100_000_000 } = {}): number | undefined {
  const text = plainAmount(typed);
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(text)) return undefined;
  const digits = currencyDigits(currency);
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length > digits) return undefined;
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  if (minor > max || (minor === 0 && !zero)) return undefined;
  return minor;
}
