import { currencyDigits } from '@malewa/contracts/currencies';

/** 55000 minor units of KES → "550"; 55050 → "550.5"; of RWF (no minor unit) → "55000". For a form's field. */
export function majorOf(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  return digits === 0 ? String(minor) : (minor / 10 ** digits).toFixed(digits).replace(/\.?0+$/, '');
}

/**
 * An amount as a provider types it ("550", "550.5", "550,50", "1 200") → minor units of the
 * currency; undefined when it is not one, has more decimals than the currency, is zero
 * (unless `zero`) or above `max`.
 */
export function minorOf(typed: string, currency: string, { zero = false, max = 100_000_000 } = {}): number | undefined {
  const text = typed.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return undefined;
  const digits = currencyDigits(currency);
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length > digits) return undefined;
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  if (minor > max || (minor === 0 && !zero)) return undefined;
  return minor;
}
