import type { RiderPositionEvent } from '@malewa/contracts/delivery/rider';
import { CANCELLABLE_STATUSES, type Order, type OrderStatus } from '@malewa/contracts/orders/order';
import { paymentSituation } from '@malewa/contracts/orders/payment-situation';
import { PROBLEM_WINDOW_HOURS } from '@malewa/contracts/orders/problem-vocabulary';
import { useEffect, useState } from 'react';
import { Form } from 'react-router';
import { ChatPanel } from '#app/features/chat/chat-panel.tsx';
import { CHAT_INTENT } from '#app/features/chat/chat-view.ts';
import { AddressLine } from '#app/features/commerce/address-line.tsx';
import { DeliveryCard } from '#app/features/commerce/delivery-card.tsx';
import { OrderStatusBadge } from '#app/features/commerce/order-card.tsx';
import { paymentSituationText } from '#app/features/commerce/payment-situation-text.ts';
import { TotalsList } from '#app/features/commerce/totals-list.tsx';
import { useLiveOrder } from '#app/features/commerce/use-live-order.ts';
import { errorOf, type FormOutcome, keptValue } from '#app/platform/forms/form-outcome.ts';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { ReloadWithoutScripts } from '#app/platform/http/reload-without-scripts.tsx';
import { I18nScope, useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localizePath } from '#app/platform/i18n/locales.ts';
import { useFormatMoney } from '#app/platform/money/use-money.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import chatStyles from '#app/styles/chat.css?url';
import commerceStyles from '#app/styles/commerce.css?url';
import ordersStyles from '#app/styles/orders.css?url';
import { FormField } from '#app/ui/form-field.tsx';
import { Localized } from '#app/ui/localized.tsx';
import { LtrText } from '#app/ui/ltr-text.tsx';
import type { Route } from './+types/account-order';
import type { OrderValues, RatingField } from './account-orders.server.ts';
import { loadOrderPage, submitOrderForm } from './account-orders.server.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: commerceStyles },
  { rel: 'stylesheet', href: ordersStyles },
  { rel: 'stylesheet', href: chatStyles },
];

export function loader({ url, request, context, params }: Route.LoaderArgs) {
  return loadOrderPage(url, request, context, params.orderId);
}

export function action({ url, request, context, params }: Route.ActionArgs) {
  return submitOrderForm(url, request, context, params.orderId);
}

/** Cancel, rate, order again: a refusal says why above the order; a rating's mistake, beside its field. */
type OrderOutcome = FormOutcome<OrderValues, RatingField>;

const FINAL: readonly OrderStatus[] = ['delivered', 'rejected', 'cancelled'];

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

export default function OrderPage(props: Route.ComponentProps) {
  return (
    <I18nScope bundles={props.loaderData.messageBundles} messages={props.loaderData.vocabulary}>
      <OrderBody {...props} />
    </I18nScope>
  );
}

const WAY: readonly OrderStatus[] = ['placed', 'accepted', 'preparing', 'ready', 'out_for_delivery', 'delivered'];

function OrderBody({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const money = useFormatMoney();
  const { order, placedAt, scheduledFor, lineBookings } = loaderData;
  const outcome = actionData as OrderOutcome | undefined;
  const known = order.delivery?.position ? { ...order.delivery.position, etaMinutes: order.delivery.etaMinutes } : null;
  const [position, setPosition] = useState<RiderPositionEvent | null>(known);
  // New data from the loader (a status, a reload) brings the newest position it knows.
  const knownAt = known?.at;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a newer position replaces the live one
  useEffect(() => {
    if (known && (!position || known.at > position.at)) setPosition(known);
  }, [knownAt]);
  // The newest by the phone's time wins: a position queued offline that arrives late is older.
  useLiveOrder(order.id, order.status, (next) => setPosition((shown) => (shown && shown.at >= next.at ? shown : next)));
  const onItsWay = !FINAL.includes(order.status);
  return (
    <div className="account-page commerce-page order-page">
      {/*
       * Without JavaScript an order on its way reloads itself every 30 seconds; with it, the
       * page follows the order live (useLiveOrder) and this never runs: scripts read a
       * <noscript> as text.
       */}
      {onItsWay && <ReloadWithoutScripts seconds={30} />}
      <h1>{t('commerce.order.title', { provider: order.provider.name })}</h1>
      <p className="card-meta">
        {t(`service.${order.service}.name`)} · {placedAt}
      </p>
      {outcome?.status === 'refused' && outcome.intent !== CHAT_INTENT && (
        <p className="notice notice-error" role="alert">
          {t(outcome.reason)}
        </p>
      )}
      <p aria-live="polite">
        <OrderStatusBadge status={order.status} /> ·{' '}
        {paymentSituationText(paymentSituation(order), order.payment, t, money)}
      </p>
      {order.rejectReason && (
        <p className="notice notice-error" dir="auto">
          {order.rejectReason}
        </p>
      )}
      {order.closedBecause === 'no_answer' && <p className="notice notice-error">{t('commerce.order.noAnswer')}</p>}
      {scheduledFor && <p className="order-scheduled">{t('commerce.order.scheduledFor', { when: scheduledFor })}</p>}
      {/* A rider on the way gives a truer time (the delivery card's): the placing estimate goes. */}
      <Timeline status={order.status} etaMinutes={scheduledFor || position ? null : order.etaMinutes} />
      <DeliveryCard order={order} position={position} />
      {loaderData.chat && <ChatPanel chat={loaderData.chat} outcome={actionData} />}

      <section className="order-card" aria-labelledby="lines-title">
        <h2 id="lines-title">{t('commerce.order.items')}</h2>
        <ul className="cart-lines">
          {order.lines.map((line, index) => (
            <li
              key={`${line.itemSlug}-${line.booking?.startsAt ?? ''}-${line.choices.map((choice) => choice.choice.text).join('+')}`}
              className="order-line"
            >
              <p>
                <strong>
                  <Localized as="bdi" text={line.name} />
                </strong>{' '}
                × {line.quantity}
              </p>
              {line.substitution && (
                <p className="card-meta">
                  {t('commerce.substitution.label')}:{' '}
                  {line.substitution === 'specific' && line.substitute
                    ? t('commerce.substitution.instead', { item: line.substitute.name.text })
                    : t(
                        line.substitution === 'refund'
                          ? 'commerce.substitution.refund'
                          : 'commerce.substitution.best_match',
                      )}
                </p>
              )}
              {line.booking && (
                <p className="cart-line-booking">
                  <strong>{lineBookings[index]}</strong> ·{' '}
                  {t('commerce.booking.guests', { count: line.booking.guests })}
                </p>
              )}
              {line.choices.map((choice) => (
                <p key={`${choice.option.text}-${choice.choice.text}`} className="card-meta">
                  <Localized as="bdi" text={choice.option} />: <Localized as="bdi" text={choice.choice} />
                </p>
              ))}
              <p className="card-meta">
                <LtrText>{money(line.total)}</LtrText>
              </p>
            </li>
          ))}
        </ul>
        <TotalsList
          subtotal={order.subtotal}
          delivery={order.deliveryFee}
          discounts={order.discounts}
          tip={order.tip}
          creditUsed={order.creditUsed}
          total={order.total}
        />
        <p>
          {order.payment.method === 'cash'
            ? t('commerce.payment.cash')
            : t(`commerce.payment.method.${order.payment.method}`)}
          {order.payment.changeFor && <> · {t('commerce.order.changeFor', { note: money(order.payment.changeFor) })}</>}
        </p>
        {order.invoice && (
          // Issued at delivery: a printable page of its own (a resource route, so a plain link),
          // a tax invoice from a shop registered for VAT, else a receipt.
          <p>
            <a href={`/account/orders/${order.id}/invoice?${new URLSearchParams({ lang: locale.code })}`}>
              {t(order.tax ? 'commerce.order.invoice' : 'commerce.order.receipt')}
            </a>
          </p>
        )}
        {order.status === 'delivered' &&
          order.invoice &&
          // The invoice is issued at delivery: a report is taken for 48 hours from it.
          Date.now() <= Date.parse(order.invoice.issuedAt) + PROBLEM_WINDOW_HOURS * 3_600_000 && (
            <p>
              <AppLink to={localizePath(`/account/orders/${order.id}/problem`, locale.code)}>
                {t('commerce.problem.link')}
              </AppLink>
            </p>
          )}
      </section>

      <section className="order-card" aria-labelledby="address-title">
        <h2 id="address-title">{t('commerce.checkout.address')}</h2>
        <p>
          <bdi>{order.address.recipient}</bdi>
        </p>
        <p>
          <LtrText>{order.address.phone}</LtrText>
        </p>
        <p>
          <AddressLine address={order.address} />
        </p>
        {order.address.instructions && (
          <p className="card-meta" dir="auto">
            {order.address.instructions}
          </p>
        )}
      </section>

      <OrderActions order={order} outcome={outcome} />
    </div>
  );
}

/** The way from placed to delivered, with where the order is now; a stop sign when it ended early. */
function Timeline({ status, etaMinutes }: { status: OrderStatus; etaMinutes: number | null }) {
  const { t } = useI18n();
  if (status === 'rejected' || status === 'cancelled') return null;
  const reached = WAY.indexOf(status);
  return (
    <section aria-labelledby="timeline-title">
      <h2 id="timeline-title" className="visually-hidden">
        {t('commerce.order.timeline')}
      </h2>
      <ol className="timeline">
        {WAY.map((step, index) => (
          <li
            key={step}
            className={index <= reached ? 'done' : undefined}
            aria-current={index === reached ? 'step' : undefined}
          >
            {t(`commerce.status.${step}`)}
          </li>
        ))}
      </ol>
      {status !== 'delivered' && etaMinutes !== null && (
        <p className="card-meta">{t('commerce.order.eta', { minutes: etaMinutes })}</p>
      )}
    </section>
  );
}

function OrderActions({ order, outcome }: { order: Order; outcome: OrderOutcome | undefined }) {
  const { t } = useI18n();
  // A refused rating comes back with its stars and comment as they were sent.
  const rating = outcome?.intent === 'rate' ? outcome : undefined;
  const keptStars = keptValue(rating, 'stars', '5');
  const starsError = errorOf<RatingField>(rating, 'stars');
  const cancellable = CANCELLABLE_STATUSES.includes(order.status);
  const rateable = order.status === 'delivered' && order.rating === null;
  return (
    <>
      {order.rating && (
        <p>
          {t('commerce.rating.given', { stars: order.rating.stars })}
          {order.rating.comment && (
            <>
              {' · '}
              <bdi>{order.rating.comment}</bdi>
            </>
          )}
        </p>
      )}
      {rateable && (
        <Form method="post" className="order-card rating-form">
          <CsrfField />
          <input type="hidden" name="intent" value="rate" />
          <fieldset
            className={starsError ? 'has-error' : undefined}
            aria-describedby={starsError ? 'rating-stars-error' : undefined}
          >
            <legend>{t('commerce.rating.title')}</legend>
            {starsError && (
              <p id="rating-stars-error" className="field-error">
                {t(starsError)}
              </p>
            )}
            {[1, 2, 3, 4, 5].map((stars) => (
              <label key={stars} className="choice">
                <input
                  type="radio"
                  name="stars"
                  value={stars}
                  required
                  defaultChecked={String(stars) === keptStars}
                  aria-invalid={starsError ? true : undefined}
                />{' '}
                {t('commerce.rating.stars.option', { stars })}
              </label>
            ))}
          </fieldset>
          <FormField
            id="rating-comment"
            label={t('commerce.rating.comment')}
            error={errorOf<RatingField>(rating, 'comment')}
          >
            {(props) => (
              <textarea
                {...props}
                name="comment"
                maxLength={1000}
                rows={3}
                defaultValue={keptValue(rating, 'comment')}
              />
            )}
          </FormField>
          <p>
            <button type="submit">{t('commerce.rating.send')}</button>
          </p>
        </Form>
      )}
      <div className="order-actions">
        {cancellable && (
          <Form method="post">
            <CsrfField />
            <button type="submit" name="intent" value="cancel" className="button-quiet">
              {t('commerce.order.cancel')}
            </button>
          </Form>
        )}
        {FINAL.includes(order.status) && (
          <Form method="post">
            <CsrfField />
            <button type="submit" name="intent" value="reorder">
              {t('commerce.order.reorder')}
            </button>
          </Form>
        )}
      </div>
    </>
  );
}
