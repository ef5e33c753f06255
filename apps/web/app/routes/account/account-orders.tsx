import { OrderCard } from '#app/features/commerce/order-card.tsx';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { I18nScope, useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localizePath } from '#app/platform/i18n/locales.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import commerceStyles from '#app/styles/commerce.css?url';
import { EmptyState } from '#app/ui/empty-state.tsx';
import type { Route } from './+types/account-orders';
import { loadOrdersPage } from './account-orders.server.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: commerceStyles }];

export function loader({ url, request, context }: Route.LoaderArgs) {
  return loadOrdersPage(url, request, context);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

/** `/account/orders`: every order the shopper placed, newest first, each to its page. */
export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  return (
    <I18nScope bundles={loaderData.messageBundles}>
      <OrdersBody {...loaderData} />
    </I18nScope>
  );
}

function OrdersBody({ orders, meta }: Route.ComponentProps['loaderData']) {
  const { t, locale } = useI18n();
  const here = localizePath('/account/orders', locale.code);
  return (
    <div className="account-page commerce-page">
      <h1>{t('commerce.orders.title')}</h1>
      {orders.length === 0 ? (
        <EmptyState title={t('commerce.orders.empty')}>
          <p>
            <AppLink className="button" to={localizePath('/', locale.code)}>
              {t('commerce.orders.browse')}
            </AppLink>
          </p>
        </EmptyState>
      ) : (
        <ul className="order-list">
          {orders.map(({ order, placedAt, scheduledFor }) => (
            <OrderCard key={order.id} order={order} placedAt={placedAt} scheduledFor={scheduledFor} />
          ))}
        </ul>
      )}
      {meta.totalPages > 1 && (
        <nav className="pager" aria-label={t('commerce.orders.pages')}>
          {meta.page > 1 ? (
            <AppLink rel="prev" to={meta.page === 2 ? here : `${here}?page=${meta.page - 1}`}>
              {t('commerce.orders.newer')}
            </AppLink>
          ) : (
            <span />
          )}
          <span>{t('commerce.orders.page', { page: meta.page, totalPages: meta.totalPages })}</span>
          {meta.page < meta.totalPages ? (
            <AppLink rel="next" to={`${here}?page=${meta.page + 1}`}>
              {t('commerce.orders.older')}
            </AppLink>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  );
}
