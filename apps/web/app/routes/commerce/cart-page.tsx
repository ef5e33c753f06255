import type { Cart, CartLine } from '@malewa/contracts/carts/cart';
import { Form, useNavigation, useRouteLoaderData } from 'react-router';
import { cartDiscounts, TotalsList } from '#app/features/commerce/totals-list.tsx';
import type { FormOutcome } from '#app/platform/forms/form-outcome.ts';
import { privatePageHeaders, privatePageMeta } from '#app/platform/http/private-page.ts';
import { I18nScope, useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localizePath } from '#app/platform/i18n/locales.ts';
import { useVocabulary } from '#app/platform/i18n/use-vocabulary.ts';
import { useFormatMoney } from '#app/platform/money/use-money.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { itemPath, providerPath } from '#app/platform/navigation/catalog-paths.ts';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import type { loader as rootLoader } from '#app/root.tsx';
import commerceStyles from '#app/styles/commerce.css?url';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { ItemArt } from '#app/ui/item-art.tsx';
import { Localized } from '#app/ui/localized.tsx';
import { LtrText } from '#app/ui/ltr-text.tsx';
import type { Route } from './+types/cart-page';
import type { CartDetails, CartValues } from './cart-page.server.ts';
import { loadCartPage, serviceOfCartPath, submitCartForm } from './cart-page.server.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: commerceStyles }];

export function loader({ url, request, context }: Route.LoaderArgs) {
  return loadCartPage(url, request, context, serviceOfCartPath(url));
}

export function action({ url, request, context }: Route.ActionArgs) {
  return submitCartForm(url, request, context, serviceOfCartPath(url));
}

/** The shopper's own cart: no search engine, no shared cache. */
export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

export const headers: Route.HeadersFunction = privatePageHeaders;

/** A refusal comes back to the form it was made on: a line's (`values.lineId`) or the cart's. */
type CartOutcome = FormOutcome<CartValues, never, true, CartDetails>;

/**
 * A cart of one service (`/cart/{service}`: docs/product/checkout.md, carts): its lines grouped
 * by provider, each group with its delivery fee and minimum order, then the coupon and the
 * totals, all as the API priced them. Every change is a plain form: the page works without
 * JavaScript.
 */
export default function CartPage(props: Route.ComponentProps) {
  return (
    <I18nScope bundles={props.loaderData.messageBundles} messages={props.loaderData.vocabulary}>
      <CartBody {...props} />
    </I18nScope>
  );
}

function CartBody({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { cart, service, signedIn, bookingTimes } = loaderData;
  const outcome = actionData as CartOutcome | undefined;
  const serviceName = t(`service.${service}.name`);
  // Lines in other services' carts (the header counts them all): they can be paid together.
  const allLines = useRouteLoaderData<typeof rootLoader>('root')?.cartLines ?? 0;
  return (
    <div className="commerce-page cart-page">
      <h1>{t('commerce.cart.title', { service: serviceName })}</h1>
      {allLines > cart.lineCount && (
        <p className="notice">
          {t('commerce.carts.others')}{' '}
          <AppLink to={localizePath('/cart', locale.code)}>{t('commerce.carts.seeAll')}</AppLink>
        </p>
      )}
      {outcome?.status === 'refused' &&
        outcome.values.lineId === '' &&
        !outcome.reason.startsWith('commerce.coupon.') && (
          <p className="notice notice-error" role="alert">
            {t(outcome.reason)}
          </p>
        )}
      {cart.lineCount === 0 ? (
        <EmptyState title={t('commerce.cart.empty')}>
          <p>
            <AppLink className="button" to={localizePath(`/${service}`, locale.code)}>
              {t('commerce.cart.browse', { service: serviceName })}
            </AppLink>
          </p>
        </EmptyState>
      ) : (
        <div className="cart-layout">
          <div className="cart-groups">
            {cart.groups.map((group) => (
              <CartGroup
                key={group.provider.slug}
                group={group}
                service={service}
                outcome={outcome}
                bookingTimes={bookingTimes}
              />
            ))}
          </div>
          <CartSummary cart={cart} service={service} signedIn={signedIn} outcome={outcome} />
        </div>
      )}
    </div>
  );
}

type Group = Cart['groups'][number];

function CartGroup({
  group,
  service,
  outcome,
  bookingTimes,
}: {
  group: Group;
  service: Cart['service'];
  outcome?: CartOutcome | undefined;
  bookingTimes: Record<string, string>;
}) {
  const { t, locale } = useI18n();
  const money = useFormatMoney();
  const place = useRouteLoaderData<typeof rootLoader>('root')?.place.current;
  const headingId = `group-${group.provider.slug}`;
  return (
    <section className="cart-group" aria-labelledby={headingId}>
      <header className="cart-group-header">
        <h2 id={headingId}>
          <AppLink to={localizePath(providerPath(service, group.provider.slug), locale.code)}>
            <bdi>{group.provider.name}</bdi>
          </AppLink>
        </h2>
        <p className="card-meta">
          {group.delivery
            ? [
                // A booked chef comes at the booking's time, not in minutes; a shop that cannot
                // deliver now, at a window chosen at checkout.
                service === 'chef'
                  ? ''
                  : group.deliversNow === false
                    ? t('commerce.cart.laterOnly')
                    : t('commerce.delivery.eta', { minutes: group.delivery.etaMinutes }),
                group.delivery.fee.amount === 0
                  ? t('commerce.delivery.free')
                  : t('commerce.delivery.fee', { fee: money(group.delivery.fee) }),
              ]
                .filter(Boolean)
                .join(' · ')
            : group.deliversHere === false
              ? t('commerce.cart.outOfRange', { place: place?.name ?? '' })
              : t('commerce.cart.pickPlace')}
        </p>
      </header>
      <ul className="cart-lines">
        {group.lines.map((line) => (
          <CartLineRow key={line.id} line={line} service={service} outcome={outcome} when={bookingTimes[line.id]} />
        ))}
      </ul>
      <p className="cart-group-subtotal">
        <span>{t('commerce.cart.subtotal')}</span>{' '}
        <strong>
          <LtrText>{money(group.subtotal)}</LtrText>
        </strong>
      </p>
      {group.belowMinimum && (
        <p className="notice notice-warning">
          {t('commerce.cart.belowMinimum', { minimum: money(group.provider.minimumOrder) })}
        </p>
      )}
    </section>
  );
}

/** Grocery and farm lines say what the shop should do when the item is missing at packing time. */
const SUBSTITUTES: readonly Cart['service'][] = ['grocery', 'farm'];

function CartLineRow({
  line,
  service,
  outcome,
  when,
}: {
  line: CartLine;
  service: Cart['service'];
  outcome?: CartOutcome | undefined;
  /** A booking's date and times, written by the loader. */
  when?: string | undefined;
}) {
  const { t, locale } = useI18n();
  const money = useFormatMoney();
  const label = useVocabulary();
  const busy = useNavigation().formData?.get('lineId') === line.id;
  const step = line.item.stepMilli / 1000;
  // A refusal of this line's form: its reason, and what was typed in it, put back.
  const sent = outcome?.status === 'refused' && outcome.values.lineId === line.id ? outcome : undefined;
  const refused = sent?.reason;
  const quantityId = `quantity-${line.id}`;
  const errorId = `line-error-${line.id}`;
  return (
    <li className="cart-line" aria-busy={busy || undefined}>
      <ItemArt icons={line.item.images.slice(0, 1)} seed={line.item.type} sizes="4rem" />
      <div className="cart-line-body">
        <p className="cart-line-name">
          <AppLink to={localizePath(itemPath(service, line.item.type, line.item.slug), locale.code)}>
            <Localized as="bdi" text={line.item.name} />
          </AppLink>
        </p>
        {line.choices.length > 0 && (
          <ul className="cart-line-choices">
            {line.choices.map((choice) => (
              <li key={`${choice.option.text}-${choice.choice.text}`}>
                <Localized as="bdi" text={choice.option} />: <Localized as="bdi" text={choice.choice} />
                {choice.price.amount > 0 && <> (+{money(choice.price)})</>}
              </li>
            ))}
          </ul>
        )}
        {line.booking && (
          <p className="cart-line-booking">
            <strong>{when}</strong> · {t('commerce.booking.guests', { count: line.booking.guests })}
          </p>
        )}
        <p className="card-meta">
          <LtrText>{money(line.unitPrice)}</LtrText> {label('unit', line.item.unit)}
        </p>
        {line.problems.map((problem) => (
          <p key={problem} className="notice notice-warning cart-line-problem">
            {problem === 'price_changed'
              ? t('commerce.problem.price_changed', { before: money(line.addedUnitPrice), now: money(line.unitPrice) })
              : problem === 'out_of_stock'
                ? t('commerce.problem.out_of_stock', { count: line.item.stock ?? 0 })
                : t(`commerce.problem.${problem}`)}
          </p>
        ))}
        {refused && (
          <p id={errorId} className="notice notice-error" role="alert">
            {t(refused)}
          </p>
        )}
        <Form method="post" className="cart-line-form" preventScrollReset>
          <CsrfField />
          <input type="hidden" name="lineId" value={line.id} />
          {/* A booking's guests change by booking again, from the experience's page. */}
          {!line.booking && (
            <>
              <label htmlFor={quantityId}>
                {t('commerce.cart.quantity', { unit: label('unit.short', line.item.unit) })}
              </label>
              <input
                id={quantityId}
                name="quantity"
                type="number"
                inputMode="decimal"
                min={0}
                max={99}
                step={step}
                defaultValue={sent?.values.quantity ?? line.quantity}
                key={line.quantity}
                aria-invalid={refused ? true : undefined}
                aria-describedby={refused ? errorId : undefined}
              />
            </>
          )}
          {SUBSTITUTES.includes(service) && (
            <label className="cart-line-substitution">
              <span>{t('commerce.substitution.label')}</span>
              <select
                name="substitution"
                defaultValue={sent?.values.substitution ?? line.substitution}
                key={line.substitution}
              >
                <option value="best_match">{t('commerce.substitution.best_match')}</option>
                {line.substitute && (
                  <option value="specific">
                    {t('commerce.substitution.instead', { item: line.substitute.name.text })}
                  </option>
                )}
                <option value="refund">{t('commerce.substitution.refund')}</option>
              </select>
            </label>
          )}
          {!line.booking && (
            <button type="submit" name="intent" value="update">
              {t('commerce.cart.update')}
            </button>
          )}
          <button type="submit" name="intent" value="remove" className="button-quiet">
            {t('commerce.cart.remove')}
            <span className="visually-hidden">
              {' '}
              <Localized as="bdi" text={line.item.name} />
            </span>
          </button>
        </Form>
        {SUBSTITUTES.includes(service) && (
          <p className="cart-line-instead">
            {line.substitute && line.substitution === 'specific' && (
              <>{t('commerce.substitution.instead', { item: line.substitute.name.text })} · </>
            )}
            <AppLink to={localizePath(`/cart/${service}/substitute/${line.id}`, locale.code)}>
              {line.substitute ? t('commerce.substitution.change') : t('commerce.substitution.pick')}
              <span className="visually-hidden">
                {' '}
                <Localized as="bdi" text={line.item.name} />
              </span>
            </AppLink>
          </p>
        )}
      </div>
      <p className="cart-line-total">
        <LtrText>{money(line.total)}</LtrText>
      </p>
    </li>
  );
}

function CartSummary({
  cart,
  service,
  signedIn,
  outcome,
}: {
  cart: Cart;
  service: Cart['service'];
  signedIn: boolean;
  outcome?: CartOutcome;
}) {
  const { t, locale } = useI18n();
  const money = useFormatMoney();
  const couponRefused =
    outcome?.status === 'refused' && outcome.values.lineId === '' && outcome.reason.startsWith('commerce.coupon.');
  const blocked = cart.groups.some(
    (group) => group.belowMinimum || group.deliversHere === false || group.lines.some((l) => l.problems.length > 0),
  );
  const checkout = localizePath(`/cart/${service}/checkout`, locale.code);
  return (
    <aside className="cart-summary" aria-labelledby="summary-title">
      <h2 id="summary-title">{t('commerce.cart.summary')}</h2>
      <TotalsList
        subtotal={cart.subtotal}
        delivery={cart.deliveryFee}
        discounts={cartDiscounts(cart)}
        total={cart.total}
      />
      {cart.coupon ? (
        <Form method="post" className="coupon-form">
          <CsrfField />
          <p>
            {t('commerce.coupon.on', { code: cart.coupon.code })}
            {cart.coupon.problem && (
              <>
                {' '}
                <span className="notice-inline">
                  {cart.coupon.problem === 'below_minimum'
                    ? t('commerce.coupon.problem.below_minimum', { minimum: money(cart.coupon.minimumSubtotal) })
                    : t(`commerce.coupon.problem.${cart.coupon.problem}`)}
                </span>
              </>
            )}
          </p>
          <button type="submit" name="intent" value="coupon-remove" className="button-quiet">
            {t('commerce.coupon.remove')}
          </button>
        </Form>
      ) : signedIn ? (
        <Form method="post" className="coupon-form">
          <CsrfField />
          <label htmlFor="coupon-code">{t('commerce.coupon.label')}</label>
          <div className="coupon-row">
            <input
              id="coupon-code"
              name="code"
              autoComplete="off"
              autoCapitalize="characters"
              maxLength={20}
              defaultValue={couponRefused ? outcome.values.code : undefined}
              aria-invalid={couponRefused || undefined}
              aria-describedby={couponRefused ? 'coupon-error' : undefined}
            />
            <button type="submit" name="intent" value="coupon">
              {t('commerce.coupon.apply')}
            </button>
          </div>
          {couponRefused && (
            <p id="coupon-error" className="field-error" role="alert">
              {t(outcome.reason, outcome.details?.minimum ? { minimum: money(outcome.details.minimum) } : undefined)}
            </p>
          )}
        </Form>
      ) : (
        <p className="card-meta">{t('commerce.coupon.signIn')}</p>
      )}
      {blocked && <p className="notice notice-warning">{t('commerce.cart.blocked')}</p>}
      {blocked ? (
        <p className="button button-primary is-disabled" aria-disabled="true">
          {t('commerce.cart.checkout')}
        </p>
      ) : (
        <AppLink className="button button-primary" to={checkout}>
          {t('commerce.cart.checkout')}
        </AppLink>
      )}
    </aside>
  );
}
