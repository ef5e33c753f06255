import type { Money } from '@malewa/contracts/catalog/catalog-card';
import { useRouteLoaderData } from 'react-router';
import { useI18n } from '../../platform/i18n/i18n-context.tsx';
import { formattingTag } from '../../platform/markets/market-time-zones.ts';
import { formatMoney } from '../../platform/money/format-money.ts';
import type { loader as rootLoader } from '../../root.tsx';

/** Formats catalog money in the page language as written in the shopper's market (`en-KE`). */
export function useFormatMoney(): (money: Money) => string {
  const { locale } = useI18n();
  const market = useRouteLoaderData<typeof rootLoader>('root')?.place.current?.countryCode;
  const tag = market ? formattingTag(locale.iso, market) : locale.iso;
  return (money) => formatMoney(money.amount, money.currency, tag);
}

/**
 * ZiG beside a US-dollar price in Zimbabwe (DESIGN §3), at the configured, dated rate; null
 * elsewhere or when no rate is configured. Integer arithmetic: cents times ten-thousandths.
 */
export function useZwgPrice(): (money: Money) => { text: string; date: string } | null {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const format = useFormatMoney();
  const rate = root?.config.zwgRate;
  const market = root?.place.current?.countryCode;
  return (money) => {
    if (!rate || market !== 'ZW' || money.currency !== 'USD') return null;
    const amount = Math.round((money.amount * rate.perUsdTenThousandths) / 10_000);
    return { text: format({ amount, currency: 'ZWG' }), date: rate.date };
  };
}
