import { configContext } from '#app/context.ts';
import { buildRobotsTxt } from '#app/platform/seo/robots.server.ts';
import type { Route } from './+types/robots-txt';

/** /robots.txt: what crawlers may visit, and where the sitemap is. */
export function loader({ context }: Route.LoaderArgs) {
  return new Response(buildRobotsTxt(context.get(configContext).publicOrigin), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
