import type { ResolveOutcome } from '#app/features/problems/console-problems.server.ts';
import { loadConsoleProblems, submitResolution } from '#app/features/problems/console-problems.server.ts';
import { ProblemList } from '#app/features/problems/problem-list.tsx';
import { currentShop } from '#app/features/provider/provider-shop.server.ts';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localeOfPath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';
import ordersStyles from '#app/styles/orders.css?url';
import type { Route } from './+types/problems-page';

// The problem cards' styles (commerce.css comes with the console's layout).
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: ordersStyles }];

export async function loader({ url, request, context }: Route.LoaderArgs) {
  const t = translatorFor(localeOfPath(url.pathname).code);
  const { shop } = await signedInCall(url, () => currentShop(context, request, url));
  const { problems, meta } = await loadConsoleProblems(url, request, context, 'provider', shop.id);
  return { shop, problems, meta, title: `${t('provider.problems.title', { shop: shop.name })} | ${t('site.name')}` };
}

export function action({ url, request, context }: Route.ActionArgs) {
  return submitResolution(url, request, context, 'provider');
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

/** The shop's problems after delivery, open first, each with its resolve form (plain forms). */
export default function ProblemsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { shop, problems, meta } = loaderData;
  return (
    <section className="commerce-page operator-page" aria-labelledby="problems-title">
      <h1 id="problems-title">{t('provider.problems.title', { shop: shop.name })}</h1>
      <ProblemList
        problems={problems}
        outcome={actionData as ResolveOutcome | undefined}
        overrule={false}
        showShop={false}
      />
      {meta.page < meta.totalPages && (
        <p>
          <AppLink to={`?${new URLSearchParams({ shop: shop.id, page: String(meta.page + 1) })}`}>
            {t('provider.problems.next')}
          </AppLink>
        </p>
      )}
    </section>
  );
}
