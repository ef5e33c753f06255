import { formatMoney } from '#app/platform/money/format-money.ts';

/**
 * An amount that may be negative, as the storefront writes discounts and credit: a minus sign
 * (U+2212) before the formatted amount, whatever the language; Intl would put its own marks
 * around a hyphen in Arabic and move it. Show it in `LtrText`.
 */
export function signedMoney(minor: number, currency: string, languageTag: string): string {
  return minor < 0 ? `−${formatMoney(-minor, currency, languageTag)}` : formatMoney(minor, currency, languageTag);
}
