import type { WebConfig } from '#app/config.server.ts';
import { configContext } from '#app/context.ts';
import { indexablePaths } from '#app/platform/seo/indexable-pages.ts';
import { buildSitemap } from '#app/platform/seo/sitemap.server.ts';
import { getService } from '#app/platform/services/services.ts';
import type { Route } from './+types/sitemap-pages-xml';

// The sitemap follows from the configuration alone, which is fixed for the process's life.
const built = new WeakMap<WebConfig, string>();

/** /sitemaps/pages.xml: every indexable page of the enabled services, in every language, each naming all its language versions. */
export function loader({ context }: Route.LoaderArgs) {
  const config = context.get(configContext);
  let body = built.get(config);
  if (body === undefined) {
    body = buildSitemap(config.publicOrigin, indexablePaths(config.enabledServices.map(getService)));
    built.set(config, body);
  }
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
