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
