import { data, isRouteErrorResponse, Outlet } from 'react-router';
import { configContext } from '#app/context.ts';
import { statusOfError } from '#app/platform/feedback/error-status.ts';
import { useReloadAfterChunkFailure } from '#app/platform/feedback/feedback-root.tsx';
import { localeFromCookie } from '#app/platform/i18n/locale-cookie.server.ts';
import { DEFAULT_LOCALE, findLocale, localizePath } from '#app/platform/i18n/locales.ts';
import { currentMarket } from '#app/platform/markets/market-cookie.server.ts';
import type { LocaleLayoutData } from '#app/platform/markets/use-current-market.ts';
import { redirectWithin, sameOriginPath } from '#app/platform/navigation/return-to.ts';
import { errorPageMeta } from '#app/platform/seo/page-meta.ts';
import { ErrorPage } from '#app/shell/error-page.tsx';
import { SiteShell } from '#app/shell/site-shell.tsx';
import type { Route } from './+types/locale-layout';

/**
 * Redirects per the locale rules, and tells the footer which market the shopper is in.
 * `url` (normalised) rather than `request.url`: client navigations request `/x.data`.
 */
export function loader({ params, request, url, context }: Route.LoaderArgs) {
  const shell: LocaleLayoutData = { market: currentMarket(request, context.get(configContext).storeId) ?? null };
  if (params.lang === undefined) {
    // Only the root path follows the language cookie (docs/product/pages.md, routes and
    // languages); any other English URL was asked for as such (a shared link, a search result)
    // and stays English.
    const chosen = localeFromCookie(request);
    if (url.pathname === '/' && chosen && chosen.code !== DEFAULT_LOCALE) {
      // A redirect skips the root's headers: say here too that the answer depends on cookies.
      throw redirectWithin(`${localizePath('/', chosen.code)}${url.search}`, {
        status: 302,
        headers: { Vary: 'Cookie', 'Cache-Control': 'private, no-cache' },
      });
    }
    return shell;
  }
  const locale = findLocale(params.lang);
  // `/nope` reaches here as lang=nope: not a locale, so the page does not exist.
  if (!locale) throw data(null, { status: 404 });
  if (locale.code === DEFAULT_LOCALE) {
    // English is unprefixed: `/en/x` is `/x`. What follows `/en` is whatever the link said:
    // `/en//evil.com` must not become `Location: //evil.com`, so such a page does not exist.
    const target = sameOriginPath(`${url.pathname.replace(/^\/en(?=\/|$)/, '') || '/'}${url.search}`);
    if (target === null) throw data(null, { status: 404 });
    throw redirectWithin(target, 301);
  }
  return shell;
}

/** Pages have their own; this one speaks only for the error page (a 404: noindex). */
export function meta(args: Route.MetaArgs) {
  return errorPageMeta(args);
}

export default function LocaleLayout() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

/**
 * Every page's error page (docs/product/errors.md), with the status the server answered with:
 * 404 for an unknown path or language, 500 for anything thrown. A page whose code failed to
 * load is reloaded instead, once a minute at most.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useReloadAfterChunkFailure(error);
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <SiteShell>
      <ErrorPage status={statusOfError(error)} />
    </SiteShell>
  );
}
