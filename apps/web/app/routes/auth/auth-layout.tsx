import { useEffect } from 'react';
import { Outlet, useRevalidator } from 'react-router';
import { AuthVideo } from '#app/features/auth/auth-video.tsx';
import { isArrival } from '#app/platform/http/arrival.server.ts';
import { I18nScope } from '#app/platform/i18n/i18n-context.tsx';
import { localeOfPath } from '#app/platform/i18n/locales.ts';
import { pageMessageBundle } from '#app/platform/i18n/messages.server.ts';
import { sessionOf } from '#app/platform/session/session.server.ts';
import { signOut } from '#app/platform/session/sign-out.server.ts';
import { useSignedIn } from '#app/platform/session/use-account.ts';
import authStylesheet from '#app/styles/auth.css?url';
import type { Route } from './+types/auth-layout';

/**
 * The auth layout signs out any signed-in user on arrival (docs/product/accounts.md, auth
 * pages). In middleware, so that it happens before any loader runs: the root loader then builds
 * the header of a signed-out shopper. Only on arrival (a page load or a navigation): the
 * offline worker re-fetching the open page, or a prefetch, must not end the session just begun
 * from it.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    if (request.method === 'GET' && sessionOf(context).signedIn && isArrival(request)) {
      await signOut(context, request, false);
    }
    return next();
  },
];

/**
 * The auth pages' own stylesheet, linked here rather than imported into app.css: every other
 * page would otherwise load it, render-blocking, in its first round trip (docs/performance.md).
 */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: authStylesheet }];

/** The auth pages' messages (a page namespace: the root does not send them). */
export function loader({ url }: Route.LoaderArgs) {
  return { messageBundles: [pageMessageBundle.auth(localeOfPath(url.pathname).code)] };
}

/**
 * Nothing here may be kept by a cache or the offline worker: a reset link's page carries its
 * token, and every form its CSRF token. The root's Vary stays.
 */
export function headers({ parentHeaders }: Route.HeadersArgs) {
  const headers = new Headers(parentHeaders);
  headers.set('Cache-Control', 'private, no-store');
  return headers;
}

/** The auth pages (login, register, …) beside the video on desktop; alone, full width, on phones. */
export default function AuthLayout({ loaderData }: Route.ComponentProps) {
  // Arriving here by a client-side navigation signed the shopper out, but the root's data
  // (the header's user menu) is only reloaded after forms: reload it once.
  const signedIn = useSignedIn();
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (signedIn) void revalidate();
  }, [signedIn, revalidate]);

  return (
    <I18nScope bundles={loaderData.messageBundles}>
      <div className="auth-layout">
        <div className="auth-content">
          <Outlet />
        </div>
        <AuthVideo />
      </div>
    </I18nScope>
  );
}
