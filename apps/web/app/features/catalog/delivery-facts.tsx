import type { DeliveryQuote } from '@malewa/contracts/catalog/catalog-card';
import { useI18n } from '../../platform/i18n/i18n-context.tsx';
import { useFormatMoney } from '../../platform/money/use-money.ts';

/** "25–30 min · KSh 150 delivery · 2.4 km": what reaching the shopper costs, where it is known. */
export function DeliveryFacts({ delivery }: { delivery: DeliveryQuote | null }) {
  const { t } = useI18n();
  const money = useFormatMoney();
  if (!delivery) return null;
  return (
    <ul className="delivery-facts">
      <li>{t('catalog.delivery.eta', { minutes: delivery.etaMinutes })}</li>
      <li>
        {delivery.fee.amount === 0
          ? t('catalog.delivery.free')
          : t('catalog.delivery.fee', { fee: money(delivery.fee) })}
      </li>
      <li>{t('catalog.delivery.distance', { km: delivery.distanceKm })}</li>
    </ul>
  );
}
