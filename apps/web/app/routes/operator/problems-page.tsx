import type { ResolveOutcome } from '#app/features/problems/console-problems.server.ts';
import { loadConsoleProblems, submitResolution } from '#app/features/problems/console-problems.server.ts';
import { ProblemList } from '#app/features/problems/problem-list.tsx';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { I18nScope, useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localeOfPath } from '#app/platform/i18n/locales.ts';
import { pageMessageBundle, translatorFor } from '#app/platform/i18n/messages.server.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import ordersStyles from '#app/styles/orders.css?url';
import type { Route } from './+types/problems-page';

// The problem cards' styles (commerce.css comes with the console's layout).
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: ordersStyles }];

export async function loader({ url, request, context }: Route.LoaderArgs) {
  const { code } = localeOfPath(url.pathname);
  const t = translatorFor(code);
  const { problems, meta } = await loadConsoleProblems(url, request, context, 'operator');
  return {
    problems,
    meta,
    // The problem cards speak the provider console's words.
    messageBundles: [pageMessageBundle.provider(code)],
    title: `${t('operator.problems.title')} | ${t('site.name')}`,
  };
}

export function action({ url, request, context }: Route.ActionArgs) {
  return submitResolution(url, request, context, 'operator');
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

/** Every shop's problems, open first; an operator resolves any, and overrules a resolved one. */
export default function OperatorProblemsPage(props: Route.ComponentProps) {
  return (
    <I18nScope bundles={props.loaderData.messageBundles}>
      <Problems {...props} />
    </I18nScope>
  );
}

function Problems({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { problems, meta } = loaderData;
  return (
    <section className="commerce-page operator-page" aria-labelledby="problems-title">
      <h1 id="problems-title">{t('operator.problems.title')}</h1>
      <p>{t('operator.problems.intro')}</p>
      <ProblemList problems={problems} outcome={actionData as ResolveOutcome | undefined} overrule showShop />
      {meta.page < meta.totalPages && (
        <p>
          <AppLink to={`?${new URLSearchParams({ page: String(meta.page + 1) })}`}>
            {t('provider.problems.next')}
          </AppLink>
        </p>
      )}
    </section>
  );
}
