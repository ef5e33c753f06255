import type { Money } from '@malewa/contracts/catalog/catalog-card';
import { CURRENCY_MARKET } from '@malewa/contracts/currencies';
import { useI18n } from '../i18n/i18n-context.tsx';
import { formattingTag } from '../markets/formatting-tag.ts';
import { useRootData } from '../root-data/root-data.ts';
import { formatMoney } from './format-money.ts';

/**
 * Formats catalog money in the page language as written in the currency's own market
 * (`en-KE` for shillings): a Kenyan price opened from Johannesburg reads as Kenyans write it,
 * not with South Africa's separators.
 */
export function useFormatMoney(): (money: Money) => string {
  const { locale } = useI18n();
  return (money) => formatCatalogMoney(money, locale.iso);
}

export function formatCatalogMoney(money: Money, language: string): string {
  return formatMoney(money.amount, money.currency, formattingTag(language, CURRENCY_MARKET[money.currency]));
}

/**
 * ZiG beside a Zimbabwean (US-dollar) price (docs/product/catalog.md, Money), at the configured, dated rate; null
 * for other currencies or when no rate is configured. Integer arithmetic: cents times ten-thousandths.
 */
export function useZwgPrice(): (money: Money) => { text: string; date: string } | null {
  const root = useRootData();
  const format = useFormatMoney();
  const rate = root?.config.zwgRate;
  return (money) => {
    // Only Zimbabwe prices in dollars: its prices show ZiG beside them wherever they are seen.
    if (!rate || money.currency !== 'USD') return null;
    const amount = Math.round((money.amount * rate.perUsdTenThousandths) / 10_000);
    return { text: format({ amount, currency: 'ZWG' }), date: rate.date };
  };
}
