import { useEffect, useRef } from 'react';
import { Form, useLocation, useNavigate, useNavigation } from 'react-router';
import { ADDRESS_LABELS, AddressFields, addressSummaryErrors } from '#app/features/commerce/address-fields.tsx';
import { AddressLine } from '#app/features/commerce/address-line.tsx';
import { SHOW_DAY } from '#app/features/commerce/schedule-times.ts';
import { cartDiscounts, TotalsList } from '#app/features/commerce/totals-list.tsx';
import { invalidFormAlert } from '#app/platform/feedback/alert.ts';
import { AlertArea } from '#app/platform/feedback/alert-area.tsx';
import { errorsOf, type FormOutcome, keptValue, keptValues } from '#app/platform/forms/form-outcome.ts';
import { privatePageHeaders, privatePageMeta } from '#app/platform/http/private-page.ts';
import { I18nScope, useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { formatList } from '#app/platform/i18n/list-format.ts';
import { localizePath } from '#app/platform/i18n/locales.ts';
import type { MessageKey } from '#app/platform/i18n/translator.ts';
import { useFormatMoney } from '#app/platform/money/use-money.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import type { ShellHandle } from '#app/shell/site-shell.tsx';
import commerceStyles from '#app/styles/commerce.css?url';
import { FormField } from '#app/ui/form-field.tsx';
import { Localized } from '#app/ui/localized.tsx';
import { LtrText } from '#app/ui/ltr-text.tsx';
import { useHydrated } from '#app/ui/use-hydrated.ts';
import type { Route } from './+types/checkout-page';
import { serviceOfCartPath } from './cart-page.server.ts';
import type { CheckoutDetails, CheckoutField, CheckoutValues, DeliveryView } from './checkout-page.server.ts';
import { ALL_CARTS, loadCheckoutPage, submitCheckout } from './checkout-page.server.ts';

/** The checkout form's fields as its error summary names them. */
const CHECKOUT_LABELS: Readonly<Record<CheckoutField, MessageKey>> = {
  ...ADDRESS_LABELS,
  changeFor: 'commerce.payment.changeFor',
  payPhone: 'commerce.payment.mobilePhone',
  deliverAt: 'commerce.when.label',
  tipAmount: 'commerce.tip.amount',
};
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: commerceStyles }];

/** `/cart/{service}/checkout` checks out that cart; `/cart/checkout` all of them together. */
function cartsParam(url: URL): string | undefined {
  const param = serviceOfCartPath(url);
  return param === 'checkout' ? ALL_CARTS : param;
}

export function loader({ url, request, context }: Route.LoaderArgs) {
  return loadCheckoutPage(url, request, context, cartsParam(url));
}

export function action({ url, request, context }: Route.ActionArgs) {
  return submitCheckout(url, request, context, cartsParam(url));
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

export const headers: Route.HeadersFunction = privatePageHeaders;

// Paying: the footer keeps help, terms and privacy, and the page its first round trip.
export const handle: ShellHandle = { footer: 'brief' };

type CheckoutOutcome = FormOutcome<CheckoutValues, CheckoutField, never, CheckoutDetails>;

export default function CheckoutPage(props: Route.ComponentProps) {
  return (
    <I18nScope bundles={props.loaderData.messageBundles} messages={props.loaderData.vocabulary}>
      <CheckoutBody {...props} />
    </I18nScope>
  );
}

/**
 * Checkout (docs/product/checkout.md): where to deliver (recipient, phone, street, area, city,
 * a pin and the landmarks a rider needs), how to pay (cash on delivery, with the note the rider
 * should bring change for), and what it comes to per shop, as the API priced it. One form, one
 * post: it works without JavaScript, and the idempotency key makes a second tap harmless.
 */
function CheckoutBody({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const money = useFormatMoney();
  const { service, place, idempotencyKey, saved, mobileMoney, bookingTimes, cards } = loaderData;
  const outcome = actionData as CheckoutOutcome | undefined;
  const details = outcome?.status === 'invalid' || outcome?.status === 'refused' ? outcome.details : undefined;
  // After a refusal about where or when, the order as it would go to the address sent.
  const { cart, windows, soonestMinutes, closedNow, outOfReach } = details?.delivery ?? loaderData.delivery;
  const closed = closedNow.length > 0 ? formatList(closedNow, locale.iso) : null;
  // Nothing can be ordered: no shop of this order can deliver now, nor at any window.
  const nothingToChoose = closed !== null && (loaderData.all || windows?.days.length === 0);
  const method = keptValue(outcome, 'method', 'cash');
  const tip = keptValue(outcome, 'tip', '0');
  const values = keptValues(outcome, loaderData.address);
  const chosen = keptValue(outcome, 'chosen', loaderData.chosen);
  const errors = errorsOf<CheckoutField>(outcome);
  // The API's reason, or what our own checks found wrong with the form as a whole.
  const formError = outcome?.status === 'refused' ? outcome.reason : errors.form;
  const sending = useNavigation().state === 'submitting';
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { search } = useLocation();
  // The page again for other query values, keeping the rest (the address, its pin, the day) and
  // what was typed: the form's fields are the browser's, untouched by a navigation.
  const reload = (changes: Record<string, string | null>) => {
    const query = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) query.delete(name);
      else query.set(name, value);
    }
    navigate(`?${query}`, { replace: true, preventScrollReset: true });
  };
  // Another saved address (or a new one) is another distance: the page loads again, priced for
  // it. Without JavaScript the order is priced for it when sent.
  const pickAddress = (id: string) => reload({ to: id, lat: null, lng: null });
  // Putting the pin of a new address is choosing that address: priced for the pin at once.
  const putPin = ({ latitude, longitude }: { latitude: number; longitude: number }) => {
    const fresh = formRef.current?.querySelector<HTMLInputElement>('input[name="addressId"][value="new"]');
    if (fresh) fresh.checked = true;
    reload({ to: 'new', lat: String(latitude), lng: String(longitude) });
  };
  // Another day's windows: the page loads them (it carries one day's, not every day's).
  const pickDay = (day: string) => reload({ day });
  const notice = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!outcome) return;
    // Another day's windows, without JavaScript: on to its times.
    if (outcome.intent === SHOW_DAY) {
      document.getElementById('deliver-at')?.focus();
      return;
    }
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (first ?? notice.current)?.focus();
  }, [outcome]);

  return (
    <div className="commerce-page checkout-page">
      <h1>{t('commerce.checkout.title')}</h1>
      <p>
        <AppLink to={localizePath(loaderData.all ? '/cart' : `/cart/${service}`, locale.code)}>
          {loaderData.all ? t('commerce.carts.back') : t('commerce.checkout.back')}
        </AppLink>
      </p>
      <div ref={notice} tabIndex={-1}>
        {formError ? (
          <p className="notice notice-error" role="alert">
            {t(formError, { provider: details?.provider ?? '', total: money(cart.total) })}
          </p>
        ) : outcome?.status === 'invalid' && outcome.intent !== SHOW_DAY ? (
          // What to mend, listed above the form as well as beside each field.
          <AlertArea
            alert={invalidFormAlert(
              t,
              'commerce.addresses.error.summary',
              addressSummaryErrors(errors),
              CHECKOUT_LABELS,
            )}
            source={outcome}
          />
        ) : (
          outOfReach.length > 0 && (
            // The address the page starts with is beyond a shop's range: said before it is sent.
            <p className="notice notice-error" id="out-of-reach">
              {t('commerce.checkout.error.outOfRange', { provider: formatList(outOfReach, locale.iso) })}
            </p>
          )
        )}
      </div>
      <Form method="post" className="checkout-form cart-layout" ref={formRef} noValidate>
        <CsrfField />
        {/* Enter in a field places the order, as the last button does, not "Show times" (the
            form's first submit button is what Enter presses). */}
        {windows && !hydrated && (
          <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" disabled={nothingToChoose}>
            {t('commerce.checkout.place', { total: money(cart.total) })}
          </button>
        )}
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        {/* The total shown: the order is placed only if it still comes to it where it goes. */}
        <input type="hidden" name="expectedTotal" value={cart.total.amount} />
        <div>
          <section className="checkout-section" aria-labelledby="address-title">
            <h2 id="address-title">{t('commerce.checkout.address')}</h2>
            {saved.length > 0 && (
              <fieldset
                className="saved-addresses"
                onChange={(event) => {
                  // One handler for the fieldset's radios: the change bubbles from the one picked.
                  const picked = event.nativeEvent.target;
                  if (picked instanceof HTMLInputElement) pickAddress(picked.value);
                }}
              >
                <legend>{t('commerce.checkout.savedAddresses')}</legend>
                {saved.map((entry) => (
                  <label key={entry.id} className="choice">
                    <input type="radio" name="addressId" value={entry.id} defaultChecked={chosen === entry.id} />
                    <span>
                      <strong>
                        <bdi>{entry.label}</bdi>
                      </strong>{' '}
                      · <AddressLine address={entry} />
                    </span>
                  </label>
                ))}
                <label className="choice">
                  <input type="radio" name="addressId" value="new" defaultChecked={chosen === 'new'} />
                  <span>{t('commerce.checkout.newAddress')}</span>
                </label>
              </fieldset>
            )}
            <AddressFields values={values} errors={errors} pinStart={place} onPinMove={putPin} />
            <label className="choice">
              <input type="checkbox" name="keepAddress" defaultChecked={saved.length === 0} />{' '}
              {t('commerce.checkout.keepAddress')}
            </label>
          </section>
          <section className="checkout-section" aria-labelledby="when-title">
            <h2 id="when-title">{t('commerce.when.title')}</h2>
            {windows ? (
              <DeliveryTimeField
                windows={windows}
                closed={closed}
                soonestMinutes={soonestMinutes}
                chosen={keptValue(outcome, 'deliverAt')}
                error={errors.deliverAt}
                onDay={pickDay}
                hydrated={hydrated}
              />
            ) : loaderData.all ? (
              closed ? (
                <p className="notice notice-warning">{t('commerce.when.closedAll', { providers: closed })}</p>
              ) : (
                <p>{t('commerce.when.asapOnly', { minutes: soonestMinutes })}</p>
              )
            ) : (
              <ul className="checkout-bookings">
                {cart.groups.flatMap((group) =>
                  group.lines.map((line) => (
                    <li key={line.id}>
                      <strong>
                        <Localized as="bdi" text={line.item.name} />
                      </strong>{' '}
                      · {bookingTimes[line.id]} · {t('commerce.booking.guests', { count: line.booking?.guests ?? 0 })}
                    </li>
                  )),
                )}
              </ul>
            )}
          </section>
          <section className="checkout-section" aria-labelledby="payment-title">
            <h2 id="payment-title">{t('commerce.checkout.payment')}</h2>
            {loaderData.credit && (
              <label className="choice">
                <input
                  type="checkbox"
                  name="useCredit"
                  defaultChecked={keptValue(outcome, 'useCredit', 'on') === 'on'}
                />
                <span>{t('commerce.credit.use', { amount: money(loaderData.credit) })}</span>
              </label>
            )}
            <fieldset className="saved-addresses">
              <legend className="visually-hidden">{t('commerce.checkout.payment')}</legend>
              <label className="choice">
                <input type="radio" name="method" value="cash" defaultChecked={method === 'cash'} />
                <span>
                  <strong>{t('commerce.payment.cash')}</strong> · {t('commerce.payment.cashHint')}
                </span>
              </label>
              {mobileMoney.map((entry) => (
                <label key={entry} className="choice">
                  <input type="radio" name="method" value={entry} defaultChecked={method === entry} />
                  <span>
                    <strong>{t(`commerce.payment.method.${entry}`)}</strong> · {t('commerce.payment.mobileHint')}
                  </span>
                </label>
              ))}
              {cards.map((card) => (
                <label key={card.id} className="choice">
                  <input
                    type="radio"
                    name="method"
                    value={`card:${card.id}`}
                    defaultChecked={method === `card:${card.id}`}
                  />
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
                </label>
              ))}
              <label className="choice">
                <input type="radio" name="method" value="card" defaultChecked={method === 'card'} />
                <span>
                  <strong>
                    {cards.length > 0 ? t('commerce.payment.newCard') : t('commerce.payment.method.card')}
                  </strong>{' '}
                  · {t('commerce.payment.cardHint')}
                </span>
              </label>
              <label className="choice choice-nested">
                <input type="checkbox" name="saveCard" />
                <span>{t('commerce.payment.saveCard')}</span>
              </label>
            </fieldset>
            {mobileMoney.length > 0 && (
              <FormField
                id="pay-phone"
                label={t('commerce.payment.mobilePhone')}
                hint={t('commerce.payment.mobilePhoneHint')}
                error={errors.payPhone}
              >
                {(props) => (
                  <input
                    {...props}
                    name="payPhone"
                    type="tel"
                    inputMode="tel"
                    autoComplete="tel"
                    maxLength={32}
                    defaultValue={keptValue(outcome, 'payPhone', loaderData.payPhone)}
                  />
                )}
              </FormField>
            )}
            <FormField
              id="change-for"
              label={t('commerce.payment.changeFor')}
              hint={t('commerce.payment.changeForHint', { total: money(cart.total) })}
              error={errors.changeFor}
            >
              {(props) => (
                <input {...props} name="changeFor" inputMode="decimal" defaultValue={keptValue(outcome, 'changeFor')} />
              )}
            </FormField>
          </section>
          <section className="checkout-section" aria-labelledby="tip-title">
            <h2 id="tip-title">{t('commerce.tip.title')}</h2>
            <p className="field-hint">{t('commerce.tip.hint')}</p>
            <fieldset className="saved-addresses tip-choices">
              <legend className="visually-hidden">{t('commerce.tip.title')}</legend>
              <label className="choice">
                <input type="radio" name="tip" value="0" defaultChecked={tip === '0' || tip === ''} />
                <span>{t('commerce.tip.none')}</span>
              </label>
              {loaderData.tips.map((choice) => (
                <label key={choice.percent} className="choice">
                  <input
                    type="radio"
                    name="tip"
                    value={String(choice.percent)}
                    defaultChecked={tip === String(choice.percent)}
                  />
                  <span>{t('commerce.tip.percent', { percent: choice.percent, amount: money(choice.amount) })}</span>
                </label>
              ))}
              <label className="choice">
                <input type="radio" name="tip" value="other" defaultChecked={tip === 'other'} />
                <span>{t('commerce.tip.other')}</span>
              </label>
            </fieldset>
            <FormField id="tip-amount" label={t('commerce.tip.amount')} error={errors.tipAmount}>
              {(props) => (
                <input {...props} name="tipAmount" inputMode="decimal" defaultValue={keptValue(outcome, 'tipAmount')} />
              )}
            </FormField>
          </section>
        </div>
        <aside className="cart-summary" aria-labelledby="checkout-summary">
          <h2 id="checkout-summary">{t('commerce.checkout.summary')}</h2>
          <p className="card-meta">{t('commerce.checkout.orders', { count: cart.groups.length })}</p>
          <ul className="checkout-orders">
            {cart.groups.map((group) => (
              <li key={group.provider.slug}>
                <bdi>{group.provider.name}</bdi>
                <LtrText>{money(group.subtotal)}</LtrText>
              </li>
            ))}
          </ul>
          <TotalsList
            subtotal={cart.subtotal}
            delivery={cart.deliveryFee}
            discounts={cartDiscounts(cart)}
            total={cart.total}
          />
          <p className="field-hint">
            {t('commerce.checkout.feesAtPin')} {t('commerce.totals.plusTip')}
          </p>
          <button type="submit" className="button button-primary checkout-place" disabled={sending || nothingToChoose}>
            {t('commerce.checkout.place', { total: money(cart.total) })}
          </button>
        </aside>
      </Form>
    </div>
  );
}

/**
 * When one cart's order goes: as soon as possible or a half-hour window of the day chosen;
 * only windows while a shop of it cannot deliver now (`closed`: their names, as a list). The
 * page holds one day's windows: choosing another day loads it (`onDay`), or without JavaScript
 * "Show times" sends the form for it.
 */
function DeliveryTimeField({
  windows,
  closed,
  soonestMinutes,
  chosen,
  error,
  onDay,
  hydrated,
}: {
  windows: NonNullable<DeliveryView['windows']>;
  closed: string | null;
  soonestMinutes: number;
  chosen: string;
  error: MessageKey | undefined;
  onDay: (day: string) => void;
  /** With JavaScript a day shows its times as it is chosen: no "Show times". */
  hydrated: boolean;
}) {
  const { t } = useI18n();
  if (closed && windows.days.length === 0) {
    return <p className="notice notice-warning">{t('commerce.when.noWindow', { providers: closed })}</p>;
  }
  return (
    <>
      {closed && (
        <p className="notice notice-warning" id="deliver-at-closed">
          {t('commerce.when.closedNow', { providers: closed })}
        </p>
      )}
      {windows.days.length > 0 && (
        <div className="delivery-day">
          <FormField id="deliver-day" label={t('commerce.when.day')} error={undefined}>
            {(props) => (
              // Keyed by the day shown: a day loaded anew is the one selected.
              <select
                {...props}
                key={windows.day}
                name="day"
                defaultValue={windows.day}
                onChange={(event) => onDay(event.currentTarget.value)}
              >
                {windows.days.map((day) => (
                  <option key={day.key} value={day.key}>
                    {day.label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {/* With JavaScript a day shows its times as it is chosen. */}
          {!hydrated && (
            <button type="submit" name="intent" value={SHOW_DAY} className="button button-quiet">
              {t('commerce.when.showTimes')}
            </button>
          )}
        </div>
      )}
      <FormField
        id="deliver-at"
        label={t('commerce.when.label')}
        // "As soon as possible, or a window": only windows here when a shop is closed.
        hint={closed ? undefined : t('commerce.when.hint')}
        error={error}
      >
        {(props) => (
          <select {...props} key={windows.day} name="deliverAt" defaultValue={chosen}>
            {!closed && <option value="">{t('commerce.when.asap', { minutes: soonestMinutes })}</option>}
            {windows.starts.map((start, index) => (
              <option key={start} value={start}>
                {windows.labels[index]}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </>
  );
}
