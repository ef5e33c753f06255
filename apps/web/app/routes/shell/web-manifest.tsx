import { DEFAULT_LOCALE, findLocale } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { buildWebManifest } from '#app/platform/offline/web-manifest.ts';
import type { Route } from './+types/web-manifest';

/**
 * `/manifest.webmanifest`, `/fr/manifest.webmanifest`, …: the web app manifest of the page's
 * language (root.tsx links the one of the active locale). A resource route: the locale
 * layout's loader does not run, so the prefix is checked here.
 */
export function loader({ params }: Route.LoaderArgs) {
  const locale = findLocale(params.lang ?? DEFAULT_LOCALE);
  if (!locale || (params.lang !== undefined && locale.code === DEFAULT_LOCALE)) {
    throw new Response('Not Found', { status: 404 });
  }
  return Response.json(buildWebManifest(locale, translatorFor(locale.code)), {
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
