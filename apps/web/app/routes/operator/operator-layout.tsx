import { data, Outlet } from 'react-router';
import { I18nScope, useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { pageMessageBundle } from '#app/platform/i18n/messages.server.ts';
import { AppNavLink } from '#app/platform/navigation/app-link.tsx';
import { loadMe } from '#app/platform/session/me.server.ts';
import { requireSignedIn } from '#app/platform/session/session.server.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';
import commerceStyles from '#app/styles/commerce.css?url';
import operatorStyles from '#app/styles/operator.css?url';
import type { Route } from './+types/operator-layout';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: commerceStyles },
  { rel: 'stylesheet', href: operatorStyles },
];

/**
 * The operator console (docs/product/providers.md, console access), for the operator role only:
 * anyone else signed in gets the 404 any unknown address gets (deny by default, and nothing
 * says the console is here); the signed-out go to sign in first. In middleware, so that no
 * page's loader asks the API for anything first; the API checks the role again on every call.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const url = new URL(request.url);
    requireSignedIn(context, url);
    const me = await signedInCall(url, () => loadMe(context, request));
    if (!me.user.roles.includes('operator')) throw data(null, { status: 404 });
    return next();
  },
];

export function loader({ url }: Route.LoaderArgs) {
  const { code } = localeOfPath(url.pathname);
  // The console names states and kinds of business as the join pages do, orders' as commerce does.
  return {
    messageBundles: [
      pageMessageBundle.operator(code),
      pageMessageBundle.join(code),
      pageMessageBundle.commerce(code),
      pageMessageBundle.offers(code),
    ],
  };
}

export const headers: Route.HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set('Cache-Control', 'private, no-store');
  return headers;
};

const PAGES = [
  { id: 'applications', path: '/operator/applications' },
  { id: 'providers', path: '/operator/providers' },
  { id: 'offers', path: '/operator/offers' },
  { id: 'featured', path: '/operator/featured' },
  { id: 'locations', path: '/operator/locations' },
  { id: 'problems', path: '/operator/problems' },
  { id: 'payouts', path: '/operator/payouts' },
  { id: 'commission', path: '/operator/commission' },
  { id: 'credit', path: '/operator/credit' },
  { id: 'riders', path: '/operator/riders' },
  { id: 'outbox', path: '/operator/outbox' },
  { id: 'auditLog', path: '/operator/audit-log' },
] as const;

export default function OperatorLayout({ loaderData }: Route.ComponentProps) {
  return (
    <I18nScope bundles={loaderData.messageBundles}>
      <OperatorFrame />
    </I18nScope>
  );
}

function OperatorFrame() {
  const { t, locale } = useI18n();
  return (
    <div className="operator-layout">
      <nav className="service-tabs" aria-label={t('operator.nav.label')}>
        <p className="operator-title">{t('operator.title')}</p>
        <ul>
          {PAGES.map((page) => (
            <li key={page.id}>
              <AppNavLink to={localizePath(page.path, locale.code)}>{t(`operator.nav.${page.id}`)}</AppNavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
