import { index, type RouteConfig, route } from '@react-router/dev/routes';
import { SERVICE_IDS } from './services/services.ts';

/** One layout and one home module serve all five services; the path tells them which. */
const serviceRoutes = SERVICE_IDS.map((service) =>
  route(service, 'routes/service-layout.tsx', { id: `service-${service}` }, [
    index('routes/service-home.tsx', { id: `service-${service}-home` }),
  ]),
);

/**
 * The route table. `:lang?` carries the locale prefix: English pages are unprefixed, every
 * other interface language (i18n/locales.ts: the six core locales and 19 more) has its own
 * prefix (/ar, /fr, /sw, /zu, ...). An unknown prefix or path is a 404, and so is /errors/404.
 * `set-locale` is the language picker's form target: it sets the language cookie and returns
 * to the same page; `set-theme` does the same for the theme picker's colour and radius cookies.
 * `set-market` is the footer country list's, for the market cookie. `sign-out` ends the
 * shopper's session (the user menu, the profile's "log out everywhere"); `notifications/read`
 * marks the header's notifications read. `auth/social/:provider`
 * starts a social sign-in and `auth/account/:provider/callback` is where the provider sends the
 * browser back: unprefixed, since a provider knows one callback address.
 * `:lang?/auth/*` are the auth pages, in the auth layout (which signs out whoever arrives signed in).
 * `sitemap.xml` and `robots.txt` are for crawlers (seo/indexable-pages.ts lists the pages).
 * `offline` is what the offline worker shows for a page it cannot load; `manifest.webmanifest`
 * is the web app manifest, in each language. `errors/:status` is where the server renders the
 * error page of a request it refused (server/request-gate.ts); a 404 to anyone else.
 */
export default [
  route('set-locale', 'routes/set-locale.tsx'),
  route('set-theme', 'routes/set-theme.tsx'),
  route('set-market', 'routes/set-market.tsx'),
  route('sign-out', 'routes/sign-out.tsx'),
  route('notifications/read', 'routes/notifications-read.tsx'),
  route('auth/social/:provider', 'routes/social-sign-in.ts'),
  route('auth/account/:provider/callback', 'routes/social-callback.ts'),
  route('sitemap.xml', 'routes/sitemap-xml.ts'),
  route('robots.txt', 'routes/robots-txt.ts'),
  route(':lang?', 'routes/locale-layout.tsx', [
    index('routes/home.tsx'),
    ...serviceRoutes,
    route('pages', 'routes/more-layout.tsx', [
      index('routes/not-found.tsx', { id: 'pages-index' }),
      route('contact', 'routes/contact-page.tsx'),
      route(':page', 'routes/static-page.tsx'),
    ]),
    route('auth', 'routes/auth-layout.tsx', [
      index('routes/auth-index.ts'),
      route('login', 'routes/login-page.tsx'),
      route('register', 'routes/register-page.tsx'),
      route('confirm-account', 'routes/confirm-account-page.tsx'),
      route('verify-account', 'routes/verify-account-page.tsx'),
      route('forgot-password', 'routes/forgot-password-page.tsx'),
      route('reset-password', 'routes/reset-password-page.tsx'),
    ]),
    // Spec §2 Account layout; behind the `authenticated` guard.
    route('account', 'routes/account-layout.tsx', [
      index('routes/account-profile.tsx'),
      route('sign-in-methods', 'routes/account-sign-in-methods.tsx'),
    ]),
    route('offline', 'routes/offline-page.tsx'),
    route('manifest.webmanifest', 'routes/web-manifest.tsx'),
    // Spec §2 Errors: the 404 page at an address of its own (answering 404 all the same).
    route('errors/404', 'routes/not-found.tsx', { id: 'errors-404' }),
    route('errors/:status', 'routes/refused-page.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
