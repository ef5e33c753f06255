import { data, Form, Outlet, useLocation } from 'react-router';
import { currentShop } from '#app/features/provider/provider-shop.server.ts';
import { I18nScope, useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { pageMessageBundle } from '#app/platform/i18n/messages.server.ts';
import { AppNavLink } from '#app/platform/navigation/app-link.tsx';
import { loadMe } from '#app/platform/session/me.server.ts';
import { requireSignedIn } from '#app/platform/session/session.server.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';
import commerceStyles from '#app/styles/commerce.css?url';
import operatorStyles from '#app/styles/operator.css?url';
import weekHoursStyles from '#app/styles/week-hours.css?url';
import type { Route } from './+types/provider-layout';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: commerceStyles },
  { rel: 'stylesheet', href: operatorStyles },
  { rel: 'stylesheet', href: weekHoursStyles },
];

/**
 * The provider console (docs/product/providers.md, console access), for accounts that run a
 * shop: anyone else signed in gets the 404 any unknown address gets; the signed-out sign in
 * first. In middleware, so that no page's loader asks the API first; the API checks on every
 * call that the shop is theirs.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const url = new URL(request.url);
    requireSignedIn(context, url);
    const me = await signedInCall(url, () => loadMe(context, request));
    if (!me.user.roles.includes('provider')) throw data(null, { status: 404 });
    return next();
  },
];

/** The shops the provider runs, for switching between them, and the console's texts. */
export async function loader({ url, request, context }: Route.LoaderArgs) {
  const { code } = localeOfPath(url.pathname);
  const { shop, shops } = await signedInCall(url, () => currentShop(context, request, url));
  return {
    shop,
    shops,
    messageBundles: [pageMessageBundle.provider(code), pageMessageBundle.offers(code)],
  };
}

export const headers: Route.HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set('Cache-Control', 'private, no-store');
  return headers;
};

export default function ProviderLayout({ loaderData }: Route.ComponentProps) {
  return (
    <I18nScope bundles={loaderData.messageBundles}>
      <ProviderFrame {...loaderData} />
    </I18nScope>
  );
}

function ProviderFrame({ shop, shops }: Pick<Route.ComponentProps['loaderData'], 'shop' | 'shops'>) {
  const { t, locale } = useI18n();
  const { pathname } = useLocation();
  const withShop = (path: string) => `${localizePath(path, locale.code)}?shop=${shop.id}`;
  return (
    <div className="operator-layout">
      <nav className="service-tabs" aria-label={t('provider.nav.label')}>
        <p className="operator-title">{t('provider.title')}</p>
        <ul>
          <li>
            <AppNavLink to={withShop('/provider/orders')}>{t('provider.nav.orders')}</AppNavLink>
          </li>
          <li>
            <AppNavLink to={withShop('/provider/calendar')}>{t('provider.nav.calendar')}</AppNavLink>
          </li>
          <li>
            <AppNavLink to={withShop('/provider/listings')}>{t('provider.nav.listings')}</AppNavLink>
          </li>
          <li>
            <AppNavLink to={withShop('/provider/offers')}>{t('provider.nav.offers')}</AppNavLink>
          </li>
          <li>
            <AppNavLink to={withShop('/provider/sales')}>{t('provider.nav.sales')}</AppNavLink>
          </li>
          <li>
            <AppNavLink to={withShop('/provider/statement')}>{t('provider.nav.statement')}</AppNavLink>
          </li>
          <li>
            <AppNavLink to={withShop('/provider/problems')}>{t('provider.nav.problems')}</AppNavLink>
          </li>
          <li>
            <AppNavLink to={withShop('/provider/riders')}>{t('provider.nav.riders')}</AppNavLink>
          </li>
          <li>
            <AppNavLink to={withShop('/provider/settings')}>{t('provider.nav.settings')}</AppNavLink>
          </li>
        </ul>
      </nav>
      {shops.length > 1 ? (
        <Form method="get" action={pathname} className="operator-filter">
          <label>
            {t('provider.shop.label')}{' '}
            <select name="shop" defaultValue={shop.id}>
              {shops.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button-quiet">
            {t('provider.shop.switch')}
          </button>
        </Form>
      ) : null}
      {shop.status !== 'active' && <p className="notice notice-warning">{t(`provider.shop.status.${shop.status}`)}</p>}
      <Outlet />
    </div>
  );
}
