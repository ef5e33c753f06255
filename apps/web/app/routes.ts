import { COLLECTIONS } from '@malewa/contracts/catalog/vocabulary';
import { index, type RouteConfig, route } from '@react-router/dev/routes';
import { LOCALE_LAYOUT_ROUTE_ID } from './platform/markets/use-current-market.ts';
import { SERVICE_IDS } from './platform/services/services.ts';

/**
 * One layout and one home module serve all five services; the path tells them which. Each
 * collection (docs/product/catalog.md, collections) has a list page and an entry page (one
 * module each for providers and items), then the service's offers and search.
 */
const serviceRoutes = SERVICE_IDS.map((service) =>
  route(service, 'routes/services/service-layout.tsx', { id: `service-${service}` }, [
    index('routes/services/service-home.tsx', { id: `service-${service}-home` }),
    ...Object.entries(COLLECTIONS[service]).flatMap(([collection, definition]) => [
      route(collection, 'routes/catalog/collection-page.tsx', { id: `${service}-${collection}` }),
      route(
        `${collection}/:slug`,
        definition.of === 'providers' ? 'routes/catalog/provider-page.tsx' : 'routes/catalog/item-page.tsx',
        { id: `${service}-${collection}-entry` },
      ),
    ]),
    route('offers', 'routes/catalog/service-offers-page.tsx', { id: `${service}-offers` }),
    route('search', 'routes/catalog/search-page.tsx', { id: `${service}-search` }),
    // Providers apply to join the service (docs/product/providers.md, joining).
    route('join', 'routes/join/join-page.tsx', { id: `${service}-join` }),
  ]),
);

/**
 * Carts (docs/product/checkout.md): one per service, with its checkout, the page of a
 * mobile-money payment that waits for the shopper's phone and, for Grocery and Farm, the page
 * where a line's "this one instead" is chosen; a trailing wildcard shows the same cart.
 * Static paths per service, like the services' own: `/cart/:service` would lose to the food
 * home read as the language "cart" (`:lang?/food`).
 */
const cartRoutes = [
  // All the shopper's carts, and their checkout together ("pay all carts").
  route('cart', 'routes/commerce/carts-page.tsx', { id: 'carts' }),
  route('cart/checkout', 'routes/commerce/checkout-page.tsx', { id: 'checkout-all' }),
  ...SERVICE_IDS.flatMap((service) => [
    route(`cart/${service}`, 'routes/commerce/cart-page.tsx', { id: `cart-${service}` }),
    route(`cart/${service}/checkout`, 'routes/commerce/checkout-page.tsx', { id: `checkout-${service}` }),
    route(`cart/${service}/payment/:paymentId`, 'routes/commerce/payment-page.tsx', { id: `payment-${service}` }),
    // "This one instead": the packers of groceries and produce substitute a missing item.
    ...(service === 'grocery' || service === 'farm'
      ? [
          route(`cart/${service}/substitute/:lineId`, 'routes/commerce/substitute-page.tsx', {
            id: `substitute-${service}`,
          }),
        ]
      : []),
    route(`cart/${service}/*`, 'routes/commerce/cart-page.tsx', { id: `cart-${service}-wildcard` }),
  ]),
];

/**
 * The route table. `:lang?` carries the locale prefix: English pages are unprefixed, every
 * other interface language (i18n/locales.ts: the six core locales and 19 more) has its own
 * prefix (/ar, /fr, /sw, /zu, ...). An unknown prefix or path is a 404, and so is /errors/404.
 * `set-locale` is the language picker's form target: it sets the language cookie and returns
 * to the same page; `set-theme` does the same for the theme picker's colour and radius cookies.
 * `language` and `theme` are the same forms on pages of their own, where the pickers link
 * before their panels are drawn and without JavaScript; `place` is where the place bar leads.
 * `set-market` is the footer country list's, for the market cookie; `set-pages` the footer's
 * light/full switch's (decision 39). `sign-out` ends the
 * shopper's session (the user menu, the profile's "log out everywhere"); `notifications/read`
 * marks the header's notifications read. `auth/social/:provider`
 * starts a social sign-in and `auth/account/:provider/callback` is where the provider sends the
 * browser back: unprefixed, since a provider knows one callback address.
 * `:lang?/auth/*` are the auth pages, in the auth layout (which signs out whoever arrives signed in).
 * `account/orders/:orderId/events` is an order page's live status (server-sent events);
 * `account/orders/:orderId/invoice` a delivered order's printable invoice or receipt (`?lang=`);
 * `operator/applications/:id/documents/:documentId` an application's document, for operators;
 * `provider/orders/events` a shop's order board's live stream; `rider/location` where the rider's
 * page sends the positions it shares; `provider/problems/:id/photo` and
 * `operator/problems/:id/photo` a problem report's private photo, for its shop and operators.
 * `sitemap.xml` (an index of `sitemaps/pages.xml` and the catalog's `sitemaps/catalog/{lang}/{n}.xml`)
 * and `robots.txt` are for crawlers (seo/indexable-pages.ts lists the pages).
 * `offline` is what the offline worker shows for a page it cannot load; `manifest.webmanifest`
 * is the web app manifest, in each language. `errors/:status` is where the server renders the
 * error page of a request it refused (server/request-gate.ts); a 404 to anyone else.
 */
export default [
  route('set-locale', 'routes/shell/set-locale.tsx'),
  route('set-theme', 'routes/shell/set-theme.tsx'),
  route('set-market', 'routes/shell/set-market.tsx'),
  route('set-pages', 'routes/shell/set-pages.tsx'),
  route('set-location', 'routes/shell/set-location.tsx'),
  route('sign-out', 'routes/auth/sign-out.tsx'),
  route('notifications/read', 'routes/shell/notifications-read.tsx'),
  route('auth/social/:provider', 'routes/auth/social-sign-in.ts'),
  route('auth/account/:provider/callback', 'routes/auth/social-callback.ts'),
  route('sitemap.xml', 'routes/shell/sitemap-xml.ts'),
  route('sitemaps/pages.xml', 'routes/shell/sitemap-pages-xml.ts'),
  route('sitemaps/catalog/:lang/:file', 'routes/shell/sitemap-catalog-xml.ts'),
  route('robots.txt', 'routes/shell/robots-txt.ts'),
  route(':lang?/search-suggest', 'routes/catalog/search-suggest.ts'),
  route('account/orders/:orderId/events', 'routes/account/order-events.ts'),
  route('account/orders/:orderId/invoice', 'routes/account/order-invoice.ts'),
  route('operator/applications/:id/documents/:documentId', 'routes/operator/application-document.ts'),
  route('provider/orders/events', 'routes/provider/shop-events.ts'),
  route('rider/location', 'routes/rider/rider-location.ts'),
  route('provider/problems/:id/photo', 'routes/provider/problem-photo.ts', { id: 'provider-problem-photo' }),
  route('operator/problems/:id/photo', 'routes/provider/problem-photo.ts', { id: 'operator-problem-photo' }),
  route(':lang?', 'routes/shell/locale-layout.tsx', { id: LOCALE_LAYOUT_ROUTE_ID }, [
    index('routes/shell/home.tsx'),
    ...cartRoutes,
    ...serviceRoutes,
    route('search', 'routes/catalog/search-page.tsx', { id: 'search' }),
    route('pages', 'routes/pages/more-layout.tsx', [
      index('routes/shell/not-found.tsx', { id: 'pages-index' }),
      route('contact', 'routes/pages/contact-page.tsx'),
      route(':page', 'routes/pages/static-page.tsx'),
    ]),
    route('auth', 'routes/auth/auth-layout.tsx', [
      index('routes/auth/auth-index.ts'),
      route('login', 'routes/auth/login-page.tsx'),
      route('register', 'routes/auth/register-page.tsx'),
      route('confirm-account', 'routes/auth/confirm-account-page.tsx'),
      route('verify-account', 'routes/auth/verify-account-page.tsx'),
      route('forgot-password', 'routes/auth/forgot-password-page.tsx'),
      route('reset-password', 'routes/auth/reset-password-page.tsx'),
    ]),
    // The account layout; behind the `authenticated` guard (docs/product/accounts.md, signed-in pages).
    route('account', 'routes/account/account-layout.tsx', [
      index('routes/account/account-profile.tsx'),
      route('sign-in-methods', 'routes/account/account-sign-in-methods.tsx'),
      route('payments', 'routes/account/account-payments.tsx'),
      route('addresses', 'routes/account/account-addresses.tsx'),
      route('favorites', 'routes/account/account-favorites.tsx'),
      route('orders', 'routes/account/account-orders.tsx'),
      route('orders/placed/:checkoutId', 'routes/account/account-orders-placed.tsx'),
      route('orders/:orderId', 'routes/account/account-order.tsx'),
      route('orders/:orderId/problem', 'routes/account/account-order-problem.tsx'),
      route('applications', 'routes/account/account-applications.tsx'),
      route('notifications', 'routes/account/account-notifications.tsx'),
    ]),
    // The operator console, for the operator role only (a 404 to anyone else: docs/product/providers.md).
    route('operator', 'routes/operator/operator-layout.tsx', [
      index('routes/operator/operator-index.ts'),
      route('applications', 'routes/operator/applications-page.tsx'),
      route('applications/:id', 'routes/operator/application-page.tsx'),
      route('providers', 'routes/operator/providers-page.tsx'),
      route('providers/:id', 'routes/operator/provider-admin-page.tsx'),
      route('offers', 'routes/operator/marketplace-offers-page.tsx', { id: 'operator-offers' }),
      route('featured', 'routes/operator/featured-page.tsx'),
      route('locations', 'routes/operator/locations-page.tsx'),
      route('locations/new', 'routes/operator/location-page.tsx', { id: 'operator-location-new' }),
      route('locations/:id', 'routes/operator/location-page.tsx', { id: 'operator-location' }),
      route('audit-log', 'routes/operator/audit-log-page.tsx'),
      route('problems', 'routes/operator/problems-page.tsx', { id: 'operator-problems' }),
      route('payouts', 'routes/operator/payouts-page.tsx'),
      route('payouts.csv', 'routes/operator/payouts-csv.ts'),
      route('commission', 'routes/operator/commission-page.tsx'),
      route('credit', 'routes/operator/credit-page.tsx'),
      route('riders', 'routes/operator/riders-page.tsx', { id: 'operator-riders' }),
      route('outbox', 'routes/operator/outbox-page.tsx'),
    ]),
    // The provider console, for accounts that run a shop (a 404 to anyone else: docs/product/providers.md).
    route('provider', 'routes/provider/provider-layout.tsx', [
      index('routes/provider/provider-index.ts'),
      route('orders', 'routes/provider/orders-page.tsx'),
      route('calendar', 'routes/provider/calendar-page.tsx'),
      route('listings', 'routes/provider/listings-page.tsx'),
      route('settings', 'routes/provider/settings-page.tsx'),
      route('offers', 'routes/provider/shop-offers-page.tsx', { id: 'provider-offers' }),
      route('sales', 'routes/provider/sales-page.tsx'),
      route('problems', 'routes/provider/problems-page.tsx', { id: 'provider-problems' }),
      route('riders', 'routes/provider/riders-page.tsx', { id: 'provider-riders' }),
      route('sales.csv', 'routes/provider/sales-csv.ts'),
      route('statement', 'routes/provider/statement-page.tsx'),
      route('statement.csv', 'routes/provider/statement-csv.ts'),
      route('listings/new', 'routes/provider/listing-page.tsx', { id: 'provider-listing-new' }),
      route('listings/:id', 'routes/provider/listing-page.tsx', { id: 'provider-listing' }),
    ]),
    // The rider's phone page (issue 33), for the rider role only (a 404 to anyone else).
    route('rider', 'routes/rider/rider-page.tsx'),
    route('language', 'routes/shell/language-page.tsx'),
    route('place', 'routes/shell/place-page.tsx'),
    route('theme', 'routes/shell/theme-page.tsx'),
    route('offline', 'routes/shell/offline-page.tsx'),
    route('manifest.webmanifest', 'routes/shell/web-manifest.tsx'),
    // The 404 page at an address of its own, answering 404 all the same (docs/product/errors.md, error page).
    route('errors/404', 'routes/shell/not-found.tsx', { id: 'errors-404' }),
    route('errors/:status', 'routes/shell/refused-page.tsx'),
    route('*', 'routes/shell/not-found.tsx'),
  ]),
] satisfies RouteConfig;
