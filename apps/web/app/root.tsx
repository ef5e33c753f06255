import { useEffect } from 'react';
import {
  Links,
  Meta,
  Outlet,
  type RouterContextProvider,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useMatches,
} from 'react-router';
import type { Route } from './+types/root';
import { publicConfig } from './config.server.ts';
import { configContext, placeContext } from './context.ts';
import { countCartLines } from './features/commerce/cart-api.server.ts';
import { guestCartMiddleware } from './features/commerce/guest-cart.server.ts';
import { ErrorPageGuard } from './platform/feedback/error-page-guard.tsx';
import { statusOfError } from './platform/feedback/error-status.ts';
import { FeedbackRoot, useReloadAfterChunkFailure } from './platform/feedback/feedback-root.tsx';
import { takeToast, toastMiddleware } from './platform/feedback/toast.server.ts';
import { apiUnavailableMiddleware } from './platform/http/api-unavailable.server.ts';
import { pagesChoiceOf, wantsLightPages } from './platform/http/light-pages.server.ts';
import { useNonce } from './platform/http/nonce.tsx';
import { PageScriptsContext, sendsScripts } from './platform/http/page-scripts.ts';
import { I18nProvider, useI18n } from './platform/i18n/i18n-context.tsx';
import { localeOfPath, localizePath } from './platform/i18n/locales.ts';
import { bundlesOfData } from './platform/i18n/message-bundle.tsx';
import { metaMessagesFor, sharedMessageBundle } from './platform/i18n/messages.server.ts';
import { shouldReloadRoot } from './platform/navigation/root-revalidation.ts';
import { APPLE_TOUCH_ICON } from './platform/offline/app-icons.ts';
import { registerServiceWorkerWhenIdle } from './platform/offline/register-service-worker.ts';
import type { ShownPlace } from './platform/places/place.ts';
import { placeMiddleware } from './platform/places/places.server.ts';
import { type RootData, useRootData } from './platform/root-data/root-data.ts';
import { loadAccountSummary } from './platform/session/account-summary.server.ts';
import { csrfMiddleware, csrfTokenOf } from './platform/session/csrf.server.ts';
import { CsrfProvider } from './platform/session/csrf-field.tsx';
import { sessionMiddleware } from './platform/session/session.server.ts';
import { useSignedInSync } from './platform/session/use-signed-in-sync.ts';
import { renderedTheme, themeFromCookies } from './platform/theme/theme-cookie.server.ts';
import { useDisplayedTheme } from './platform/theme/use-theme.ts';
import { ErrorPage } from './shell/error-page.tsx';
import { SiteShell } from './shell/site-shell.tsx';
import stylesheet from './styles/app.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: APPLE_TOUCH_ICON.src },
];

/**
 * A page failed by an API that could not serve is a 503 (around everything else). CSRF next:
 * a refused post runs nothing else. Then the shopper's session (its cookies in,
 * renewed or removed tokens out), and the notifications from actions and loaders to the page.
 */
export const middleware: Route.MiddlewareFunction[] = [
  apiUnavailableMiddleware,
  csrfMiddleware,
  sessionMiddleware,
  guestCartMiddleware,
  placeMiddleware,
  toastMiddleware,
];

/**
 * The active locale and only its messages: the page never carries the other catalogs. Of the
 * configuration, only what `publicConfig` picks (the enabled services) reaches the page. The
 * theme comes from its cookies, so the server's HTML is painted in it from the first byte.
 */
export async function loader({ url, request, context }: Route.LoaderArgs) {
  // `url`, not `request.url`: a client navigation to `/fr` requests `/fr.data`, no locale.
  const locale = localeOfPath(url.pathname);
  const { account, cartLines = await guestCartCount(context, request) } = await loadAccountSummary(
    context,
    request,
    locale,
  );
  return {
    locale,
    messageBundles: [sharedMessageBundle(locale.code)],
    metaMessages: metaMessagesFor(locale.code),
    config: publicConfig(context.get(configContext)),
    theme: renderedTheme(themeFromCookies(request)),
    toast: takeToast(context),
    csrfToken: csrfTokenOf(context),
    account,
    cartLines,
    place: placeOf(context),
    saveData: wantsLightPages((name) => request.headers.get(name)),
    pagesChoice: pagesChoiceOf(request.headers.get('cookie')),
  } satisfies RootData;
}

/**
 * The lines in a guest's carts, for the header's Cart button (a signed-in shopper's come with
 * their account); null when the API could not say (the button then shows no number rather than
 * a wrong one).
 */
async function guestCartCount(context: Readonly<RouterContextProvider>, request: Request): Promise<number | null> {
  try {
    return (await countCartLines(context, request)).lineCount;
  } catch (error) {
    console.error('cart: the header could not count the cart lines', error);
    return null;
  }
}

/**
 * The shopper's place, for the header's place bar (its name), the map's centre and the
 * address pin's start. Not the cities to choose from: those are /place's (routes/shell/place-page.tsx).
 */
function placeOf(context: Readonly<RouterContextProvider>) {
  const { place } = context.get(placeContext);
  if (!place) return { current: null };
  const { id: _id, ...shown } = place;
  return { current: shown satisfies ShownPlace };
}

/**
 * The root's data (messages, theme, the shopper's account and cart lines: one API call) is reloaded only
 * after a form was sent, on a refresh of the same address, or when the language changes
 * (navigation/root-revalidation.ts); a plain navigation reloads only the pages' own data.
 */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => shouldReloadRoot(args);

let lastRootData: RootData | undefined;

/**
 * The root loader's data, or in the browser the last it brought. A navigation that reloads
 * the root (`shouldRevalidate`) and whose request failed (the network dropped) fails the root
 * loader too; the error page then still speaks the page's language. On the server
 * there is no "last": a request never sees another's data.
 */
function useLastRootData(): RootData | undefined {
  const data = useRootData();
  if (typeof document === 'undefined') return data;
  if (data) lastRootData = data;
  return data ?? lastRootData;
}

/**
 * Every page's HTML and data depend on the shopper's cookies (theme, and language on `/`):
 * no shared cache may hand one shopper's page to another. A route with a `headers` function
 * of its own must keep these (`parentHeaders`).
 */
export const headers: Route.HeadersFunction = () => ({
  // Light pages (light-pages.server.ts) are made from these request headers too.
  Vary: 'Cookie, Save-Data, ECT, Downlink',
  'Cache-Control': 'private, no-cache',
});

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useLastRootData();
  const locale = data?.locale;
  // Light pages (a slow connection, data saver) and the offline page ship without scripts.
  const matches = useMatches();
  const hydrate = sendsScripts(
    matches.map((match) => match.handle),
    data?.saveData ?? false,
    typeof document !== 'undefined',
  );
  // The texts of the page come as files (platform/i18n/message-bundle.tsx), preloaded with the
  // scripts after the page has loaded (decision 40), so they are there when the scripts hydrate it.
  const bundles = hydrate ? matches.flatMap((match) => bundlesOfData(match.loaderData)) : [];
  // Without the root data (a failed root loader) `:root` carries the default theme's tokens.
  const theme = useDisplayedTheme();
  const nonce = useNonce();
  return (
    <html lang={locale?.iso ?? 'en'} dir={locale?.dir ?? 'ltr'} data-theme={theme?.name} data-radius={theme?.radius}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {theme ? <meta name="theme-color" content={theme.toolbarColour} /> : null}
        <link rel="manifest" href={localizePath('/manifest.webmanifest', locale?.code ?? 'en')} />
        <Meta />
        <Links />
        {bundles.map(({ href }) => (
          <link key={href} rel="preload" as="fetch" href={href} crossOrigin="anonymous" data-messages="" />
        ))}
        {/* The theme's colours, after the stylesheet (whose `:root` is the default theme) so
            they win; only this theme's, not all 22 (theme/palette-paint.ts). */}
        {theme?.css ? <style>{theme.css}</style> : null}
      </head>
      <body>
        <PageScriptsContext.Provider value={hydrate}>
          {data ? (
            <I18nProvider locale={data.locale} bundles={data.messageBundles}>
              <CsrfProvider value={data.csrfToken}>
                {children}
                <FeedbackRoot serverToast={data.toast} />
              </CsrfProvider>
            </I18nProvider>
          ) : (
            children
          )}
        </PageScriptsContext.Provider>
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  useEffect(registerServiceWorkerWhenIdle, []);
  useSignedInSync();
  return <Outlet />;
}

/**
 * Errors no page layout caught: the root's own data failing to load (a client navigation
 * whose request failed reports it here too), or the pages' error page failing to render. The
 * error page is tried once more; if showing it fails, the spec's fallback shows instead.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useReloadAfterChunkFailure(error);
  const data = useLastRootData();
  if (!data) return <PlainFallback />;
  return (
    <ErrorPageGuard fallback={<LocalizedFallback />}>
      <SiteShell>
        <ErrorPage status={statusOfError(error)} ownHead />
      </SiteShell>
    </ErrorPageGuard>
  );
}

function LocalizedFallback() {
  const { t, locale } = useI18n();
  return (
    <main className="fallback">
      <h1>{t('error.whileShowing')}</h1>
      {/* A full page load, not a client navigation: the page's code may be what failed. */}
      <a href={localizePath('/', locale.code)}>{t('error.goHome')}</a>
    </main>
  );
}

function PlainFallback() {
  return (
    <main className="fallback">
      <h1>An error occurred while showing the error page</h1>
      <a href="/">Go back to home</a>
    </main>
  );
}
