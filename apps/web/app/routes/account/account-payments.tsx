import { Form } from 'react-router';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { I18nScope, useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localizePath } from '#app/platform/i18n/locales.ts';
import { useFormatMoney } from '#app/platform/money/use-money.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import commerceStyles from '#app/styles/commerce.css?url';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { LtrText } from '#app/ui/ltr-text.tsx';
import type { Route } from './+types/account-payments';
import { loadPaymentsPage, submitPaymentsPage } from './account-payments.server.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: commerceStyles }];

export function loader({ url, request, context }: Route.LoaderArgs) {
  return loadPaymentsPage(url, request, context);
}

export function action({ url, request, context }: Route.ActionArgs) {
  return submitPaymentsPage(url, request, context);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

/** `/account/payments`: the numbers and cards the shopper pays with, and every payment. */
export default function PaymentsPage({ loaderData }: Route.ComponentProps) {
  return (
    <I18nScope bundles={loaderData.messageBundles}>
      <PaymentsBody {...loaderData} />
    </I18nScope>
  );
}

function PaymentsBody({ payments, numbers, cards, credit }: Route.ComponentProps['loaderData']) {
  const { t, locale } = useI18n();
  const money = useFormatMoney();
  return (
    <div className="account-page commerce-page payments-page">
      <h1>{t('commerce.payments.title')}</h1>
      {credit.length > 0 && (
        <section aria-labelledby="credit-title">
          <h2 id="credit-title">{t('commerce.payments.credit')}</h2>
          <ul className="order-list credit-entries">
            {credit.map((entry) => (
              <li key={entry.id} className="order-card">
                <p>
                  <strong>
                    <LtrText>
                      {`${entry.amountMinor < 0 ? '−' : '+'}${money({ amount: Math.abs(entry.amountMinor), currency: entry.currency })}`}
                    </LtrText>
                  </strong>{' '}
                  · {t(`commerce.payments.creditKind.${entry.kind}`)} · {entry.when}
                </p>
                {entry.note && (
                  <p dir="auto" className="card-meta">
                    {entry.note}
                  </p>
                )}
                {entry.orderId && (
                  <p>
                    <AppLink to={localizePath(`/account/orders/${entry.orderId}`, locale.code)}>
                      {t('commerce.payments.creditOrder')}
                    </AppLink>
                  </p>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {cards.length > 0 && (
        <section aria-labelledby="cards-title">
          <h2 id="cards-title">{t('commerce.payments.cards')}</h2>
          <ul className="order-list">
            {cards.map((card) => (
              <li key={card.id} className="order-card saved-card">
                <span>
                  <strong>
                    {t('commerce.payment.cardName', { brand: card.brand.toUpperCase(), last4: card.last4 })}
                  </strong>{' '}
                  ·{' '}
                  {t('commerce.payment.cardExpires', {
                    month: String(card.expMonth).padStart(2, '0'),
                    year: card.expYear,
                  })}
                </span>
                <Form method="post">
                  <CsrfField />
                  <input type="hidden" name="cardId" value={card.id} />
                  <button type="submit" name="intent" value="remove-card" className="button-quiet">
                    {t('commerce.payments.removeCard')}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      )}
      {payments.length === 0 ? (
        <EmptyState title={t('commerce.payments.empty')}>
          <p>{t('commerce.payments.how')}</p>
        </EmptyState>
      ) : (
        <>
          <section aria-labelledby="numbers-title">
            <h2 id="numbers-title">{t('commerce.payments.numbers')}</h2>
            <ul className="order-list">
              {numbers.map((number) => (
                <li key={`${number.method} ${number.phone}`} className="order-card">
                  <strong>{t(`commerce.payment.method.${number.method}`)}</strong> · <LtrText>{number.phone}</LtrText>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="history-title">
            <h2 id="history-title">{t('commerce.payments.history')}</h2>
            <ul className="order-list">
              {payments.map((payment) => (
                <li key={payment.id} className="order-card">
                  <p>
                    <strong>
                      <LtrText>{money(payment.amount)}</LtrText>
                    </strong>{' '}
                    · {t(`commerce.payment.method.${payment.method}`)}
                    {payment.card && (
                      <>
                        {' '}
                        (
                        {t('commerce.payment.cardName', {
                          brand: payment.card.brand.toUpperCase(),
                          last4: payment.card.last4,
                        })}
                        )
                      </>
                    )}{' '}
                    · {payment.when}
                  </p>
                  <p>
                    <span className="order-status">{t(`commerce.payments.status.${payment.status}`)}</span>
                    {payment.sandbox && <span className="card-meta"> · {t('commerce.payment.sandbox.title')}</span>}
                  </p>
                  {payment.checkoutId && (
                    <p>
                      <AppLink to={localizePath(`/account/orders/placed/${payment.checkoutId}`, locale.code)}>
                        {t('commerce.payments.orders')}
                      </AppLink>
                    </p>
                  )}
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}
