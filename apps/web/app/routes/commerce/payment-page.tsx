import type { Payment } from '@malewa/contracts/payments/payment';
import { useEffect } from 'react';
import { Form, useRevalidator } from 'react-router';
import { privatePageHeaders, privatePageMeta } from '#app/platform/http/private-page.ts';
import { ReloadWithoutScripts } from '#app/platform/http/reload-without-scripts.tsx';
import { I18nScope, useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localizePath } from '#app/platform/i18n/locales.ts';
import type { Translate } from '#app/platform/i18n/translator.ts';
import { useFormatMoney } from '#app/platform/money/use-money.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import type { ShellHandle } from '#app/shell/site-shell.tsx';
import commerceStyles from '#app/styles/commerce.css?url';
import type { Route } from './+types/payment-page';
import { serviceOfCartPath } from './cart-page.server.ts';
import { decideSandboxPayment, loadPaymentPage } from './payment-page.server.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: commerceStyles }];

export function loader({ url, request, context }: Route.LoaderArgs) {
  return loadPaymentPage(url, request, context, serviceOfCartPath(url));
}

export function action({ url, request, context }: Route.ActionArgs) {
  return decideSandboxPayment(url, request, context);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

export const headers: Route.HeadersFunction = privatePageHeaders;

// Paying, as on checkout: the brief footer.
export const handle: ShellHandle = { footer: 'brief' };

export default function PaymentPage(props: Route.ComponentProps) {
  return (
    <I18nScope bundles={props.loaderData.messageBundles}>
      <PaymentBody {...props} />
    </I18nScope>
  );
}

/** While the prompt waits, the page looks again every 3 seconds (with JavaScript) or 5 (without). */
function useWhilePending(pending: boolean) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => void revalidate(), 3000);
    return () => clearInterval(timer);
  }, [pending, revalidate]);
}

/**
 * A payment on its way (docs/product/checkout.md, payments): "approve the prompt on your phone"
 * (mobile money) or "confirm on your bank's page" (card), then the outcome. A sandbox payment
 * says so, and offers the phone's or the bank's two answers here.
 */
function PaymentBody({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const money = useFormatMoney();
  const { payment, service } = loaderData;
  const pending = payment.status === 'pending';
  useWhilePending(pending);
  const method = t(`commerce.payment.method.${payment.method}`);
  return (
    <div className="commerce-page payment-page">
      {pending && <ReloadWithoutScripts seconds={5} />}
      {pending ? (
        <>
          <h1>
            {payment.method === 'card' ? t('commerce.payment.waiting.cardTitle') : t('commerce.payment.waiting.title')}
          </h1>
          <p className="notice" role="status">
            {payment.method === 'card'
              ? t('commerce.payment.waiting.card', { amount: money(payment.amount) })
              : t('commerce.payment.waiting.lead', { method, amount: money(payment.amount), phone: payment.phone })}
          </p>
          {payment.sandbox && (
            <section className="checkout-section sandbox-phone" aria-labelledby="sandbox-title">
              <h2 id="sandbox-title">{t('commerce.payment.sandbox.title')}</h2>
              <p>
                {payment.method === 'card' ? t('commerce.payment.sandbox.card') : t('commerce.payment.sandbox.lead')}
              </p>
              <Form method="post" className="order-actions">
                <CsrfField />
                <button type="submit" name="decision" value="approve">
                  {t('commerce.payment.sandbox.approve', { amount: money(payment.amount) })}
                </button>
                <button type="submit" name="decision" value="decline" className="button-quiet">
                  {t('commerce.payment.sandbox.decline')}
                </button>
              </Form>
            </section>
          )}
        </>
      ) : (
        <>
          <h1>{outcomeTitle(payment, t)}</h1>
          <p className="notice notice-error" role="status">
            {outcomeLead(payment, t, money(payment.amount))}
          </p>
          <p>
            <AppLink className="button" to={localizePath(`/cart/${service}/checkout`, locale.code)}>
              {t('commerce.payment.back')}
            </AppLink>
          </p>
        </>
      )}
    </div>
  );
}

/** Why a payment ended in no order: declined, the cart changed (refunded), or not approved in time. */
function outcomeTitle(payment: Payment, t: Translate): string {
  if (payment.failure === 'cart_changed') return t('commerce.payment.refunded.title');
  if (payment.failure === 'expired') return t('commerce.payment.expired.title');
  return t('commerce.payment.declined.title');
}

/** What became of the money: a payment approved after it timed out was taken, and given back. */
function outcomeLead(payment: Payment, t: Translate, amount: string): string {
  if (payment.failure === 'cart_changed') return t('commerce.payment.refunded.lead', { amount });
  if (payment.failure === 'expired') {
    return payment.status === 'refunded'
      ? t('commerce.payment.expired.refunded', { amount })
      : t('commerce.payment.expired.lead');
  }
  return t('commerce.payment.declined.lead');
}
