import { data } from 'react-router';
import { configContext } from '#app/context.ts';
import { listCatalogEntries } from '#app/features/catalog/catalog-api.server.ts';
import { findLocale } from '#app/platform/i18n/locales.ts';
import { itemPath, providerPath } from '#app/platform/navigation/catalog-paths.ts';
import { buildUrlSitemap } from '#app/platform/seo/sitemap.server.ts';
import type { Route } from './+types/sitemap-catalog-xml';

/**
 * /sitemaps/catalog/{lang}/{n}.xml: the n-th page of the catalog's providers and items (of the
 * enabled services) as addresses in one language. Entry addresses name no market: they open
 * the entry wherever the crawler browses from.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale = findLocale(params.lang ?? '');
  const page = /^([1-9]\d{0,4})\.xml$/.exec(params.file ?? '')?.[1];
  if (!locale || !page) throw data(null, { status: 404 });
  const { enabledServices, publicOrigin } = context.get(configContext);
  const entries = await listCatalogEntries(context, request, Number(page));
  if (entries.data.length === 0) throw data(null, { status: 404 });
  const lines = entries.data
    .filter((entry) => enabledServices.includes(entry.service))
    .map((entry) => ({
      path:
        entry.type === null ? providerPath(entry.service, entry.slug) : itemPath(entry.service, entry.type, entry.slug),
      lastModified: entry.updatedAt,
    }));
  return new Response(buildUrlSitemap(publicOrigin, locale, lines), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
