import { checkoutPaymentSituations } from '@malewa/contracts/orders/checkout-payment-situations';
import { OrderCard } from '#app/features/commerce/order-card.tsx';
import { paymentSituationText } from '#app/features/commerce/payment-situation-text.ts';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { I18nScope, useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localizePath } from '#app/platform/i18n/locales.ts';
import { useFormatMoney } from '#app/platform/money/use-money.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import commerceStyles from '#app/styles/commerce.css?url';
import type { Route } from './+types/account-orders-placed';
import { loadPlacedPage } from './account-orders.server.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: commerceStyles }];

export function loader({ url, request, context, params }: Route.LoaderArgs) {
  return loadPlacedPage(url, request, context, params.checkoutId);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

/**
 * The confirmation of a checkout: one order per shop, each with its own way from here, how it
 * is paid (what to hand the rider in cash, or what was paid ahead), and where to follow them.
 */
export default function PlacedPage({ loaderData }: Route.ComponentProps) {
  return (
    <I18nScope bundles={loaderData.messageBundles}>
      <PlacedBody {...loaderData} />
    </I18nScope>
  );
}

function PlacedBody({ orders }: Route.ComponentProps['loaderData']) {
  const { t, locale } = useI18n();
  const money = useFormatMoney();
  // What is true of the checkout's money as a whole: cash to hand the rider only for cash orders.
  const payments = checkoutPaymentSituations(orders.map(({ order }) => order));
  return (
    <div className="account-page commerce-page placed-page">
      <h1>{t('commerce.placed.title')}</h1>
      <p className="notice notice-success" role="status">
        {t('commerce.placed.lead', { count: orders.length })}
      </p>
      {payments.map(({ situation, payment }) => (
        <p key={`${situation.state} ${payment.method}`}>
          <strong>{paymentSituationText(situation, payment, t, money)}</strong>
        </p>
      ))}
      <ul className="order-list">
        {orders.map(({ order, placedAt, scheduledFor }) => (
          <OrderCard key={order.id} order={order} placedAt={placedAt} scheduledFor={scheduledFor} />
        ))}
      </ul>
      <p>
        <AppLink to={localizePath('/account/orders', locale.code)}>{t('commerce.placed.all')}</AppLink>
      </p>
    </div>
  );
}
