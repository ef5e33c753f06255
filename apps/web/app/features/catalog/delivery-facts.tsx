import type { DeliveryQuote } from '@malewa/contracts/catalog/catalog-card';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { useFormatMoney } from '#app/platform/money/use-money.ts';

/**
 * "25–30 min · KSh 150 delivery · 2.4 km": what reaching the shopper costs, where it is known.
 * A booked chef comes at the booking's time, not in minutes: `booked` leaves the time out.
 */
export function DeliveryFacts({ delivery, booked = false }: { delivery: DeliveryQuote | null; booked?: boolean }) {
  const { t } = useI18n();
  const money = useFormatMoney();
  if (!delivery) return null;
  return (
    <ul className="delivery-facts">
      {!booked && <li>{t('catalog.delivery.eta', { minutes: delivery.etaMinutes })}</li>}
      <li>
        {delivery.fee.amount === 0
          ? t('catalog.delivery.free')
          : t('catalog.delivery.fee', { fee: money(delivery.fee) })}
      </li>
      <li>{t('catalog.delivery.distance', { km: delivery.distanceKm })}</li>
    </ul>
  );
}
