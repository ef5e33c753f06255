import type { Order } from '@malewa/contracts/orders/order';
import { paymentSituation } from '@malewa/contracts/orders/payment-situation';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localizePath } from '#app/platform/i18n/locales.ts';
import { useFormatMoney } from '#app/platform/money/use-money.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { LtrText } from '#app/ui/ltr-text.tsx';
import { paymentSituationText } from './payment-situation-text.ts';

/** An order in a list: its shop, when, its status and payment, what it comes to, and its page. */
export function OrderCard({
  order,
  placedAt,
  scheduledFor,
}: {
  order: Order;
  placedAt: string;
  /** When it is wanted, if scheduled: written by the loader. */
  scheduledFor: string | null;
}) {
  const { t, locale } = useI18n();
  const money = useFormatMoney();
  const headingId = `order-${order.id}`;
  return (
    <li className="order-card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <AppLink to={localizePath(`/account/orders/${order.id}`, locale.code)}>
          <bdi>{order.provider.name}</bdi>
        </AppLink>
      </h2>
      <p className="card-meta">
        {t(`service.${order.service}.name`)} · {placedAt} · {t('commerce.order.lines', { count: order.lines.length })}
      </p>
      {scheduledFor && <p className="order-scheduled">{t('commerce.order.scheduledFor', { when: scheduledFor })}</p>}
      <p>
        <OrderStatusBadge status={order.status} /> ·{' '}
        {paymentSituationText(paymentSituation(order), order.payment, t, money)}
      </p>
      <p>
        <strong>
          <LtrText>{money(order.total)}</LtrText>
        </strong>
      </p>
    </li>
  );
}

export function OrderStatusBadge({ status }: { status: Order['status'] }) {
  const { t } = useI18n();
  return <span className={`order-status order-status-${status}`}>{t(`commerce.status.${status}`)}</span>;
}
