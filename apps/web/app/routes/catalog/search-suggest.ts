import type { ItemType, ServiceId } from '@malewa/contracts/catalog/vocabulary';
import { suggest } from '#app/features/catalog/catalog-api.server.ts';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { itemPath, providerPath } from '#app/platform/navigation/catalog-paths.ts';
import type { Route } from './+types/search-suggest';

/**
 * The header search box's suggestions while the shopper types (`/fr/search-suggest?q=jol`):
 * names of providers and items from the API, each with the address of its page in the page's
 * language. JSON for the box's script; the box works without it as a plain search form.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').slice(0, 200);
  const code = localeOfPath(url.pathname).code;
  if (q.trim().length < 2) return Response.json({ suggestions: [] });
  const { data } = await suggest(context, request, q, undefined);
  const suggestions = data.map((entry) => ({
    text: entry.text,
    lang: entry.lang,
    kind: entry.kind,
    href: localizePath(
      entry.kind === 'provider'
        ? providerPath(entry.service as ServiceId, entry.slug)
        : itemPath(entry.service as ServiceId, entry.type as ItemType, entry.slug),
      code,
    ),
  }));
  return Response.json({ suggestions }, { headers: { 'Cache-Control': 'private, max-age=60' } });
}
