import { data } from 'react-router';
import { loadStaticPage } from '#app/platform/content/static-pages.server.ts';
import { isStaticPage, type StaticPage, staticPageSeo } from '#app/platform/content/static-pages.ts';
import { localeOfPath } from '#app/platform/i18n/locales.ts';
import { pageMeta } from '#app/platform/seo/page-meta.ts';
import { StaticArticle } from '#app/shell/static-article.tsx';
import type { Route } from './+types/static-page';

/** /pages/about, /pages/help, …: one module for every information page but contact. */
export function loader({ params, request }: Route.LoaderArgs) {
  if (!isStaticPage(params.page) || params.page === 'contact') throw data(null, { status: 404 });
  const locale = localeOfPath(new URL(request.url).pathname);
  return { content: loadStaticPage(params.page, locale.code) };
}

export function meta(args: Route.MetaArgs) {
  const content = args.loaderData?.content;
  // The loader let only a known page through, so `params.page` is one.
  return content ? pageMeta(args, staticPageSeo(args.params.page as StaticPage, content)) : [];
}

export default function StaticPageRoute({ loaderData }: Route.ComponentProps) {
  return <StaticArticle content={loaderData.content} />;
}
