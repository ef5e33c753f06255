import { privatePageHeaders, privatePageMeta } from '#app/platform/http/private-page.ts';
import { I18nScope, useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { formatList } from '#app/platform/i18n/list-format.ts';
import { localizePath } from '#app/platform/i18n/locales.ts';
import { useFormatMoney } from '#app/platform/money/use-money.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import commerceStyles from '#app/styles/commerce.css?url';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { LtrText } from '#app/ui/ltr-text.tsx';
import type { Route } from './+types/carts-page';
import { loadCartsPage } from './carts-page.server.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: commerceStyles }];

export function loader({ url, request, context }: Route.LoaderArgs) {
  return loadCartsPage(url, request, context);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

export const headers: Route.HeadersFunction = privatePageHeaders;

export default function CartsPage(props: Route.ComponentProps) {
  return (
    <I18nScope bundles={props.loaderData.messageBundles}>
      <CartsBody {...props} />
    </I18nScope>
  );
}

/**
 * All the shopper's carts (one per service), each leading to its own page and checkout; with
 * two or more, "pay all carts together": one address, one payment, an order per shop.
 */
function CartsBody({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const money = useFormatMoney();
  const { carts, total } = loaderData;
  return (
    <div className="commerce-page carts-page">
      <h1>{t('commerce.carts.title')}</h1>
      {carts.length === 0 ? (
        <EmptyState title={t('commerce.cart.empty')}>
          <p>
            <AppLink className="button" to={localizePath('/', locale.code)}>
              {t('commerce.carts.browse')}
            </AppLink>
          </p>
        </EmptyState>
      ) : (
        <div className="cart-layout">
          <ul className="order-list">
            {carts.map((cart) => (
              <li key={cart.service} className="order-card" aria-labelledby={`cart-${cart.service}`}>
                <h2 id={`cart-${cart.service}`}>
                  <AppLink to={localizePath(`/cart/${cart.service}`, locale.code)}>
                    {t('commerce.cart.title', { service: t(`service.${cart.service}.name`) })}
                  </AppLink>
                </h2>
                <p className="card-meta">
                  {t('commerce.carts.lines', { count: cart.lineCount })} · {formatList(cart.shops, locale.iso)}
                </p>
                <p>
                  <strong>
                    <LtrText>{money(cart.total)}</LtrText>
                  </strong>
                </p>
              </li>
            ))}
          </ul>
          {carts.length > 1 && total && (
            <aside className="cart-summary" aria-labelledby="all-title">
              <h2 id="all-title">{t('commerce.carts.together')}</h2>
              <p>{t('commerce.carts.togetherHint', { count: carts.length })}</p>
              <p className="carts-total">
                <span>{t('commerce.cart.total')}</span>{' '}
                <strong>
                  <LtrText>{money(total)}</LtrText>
                </strong>
              </p>
              <AppLink className="button button-primary" to={localizePath('/cart/checkout', locale.code)}>
                {t('commerce.carts.payAll')}
              </AppLink>
            </aside>
          )}
        </div>
      )}
    </div>
  );
}
