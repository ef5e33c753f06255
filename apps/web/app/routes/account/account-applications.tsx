import { ApplicationCard } from '#app/features/join/application-card.tsx';
import { joinPath } from '#app/features/join/join-paths.ts';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { I18nScope, useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localizePath } from '#app/platform/i18n/locales.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { SERVICE_IDS } from '#app/platform/services/services.ts';
import commerceStyles from '#app/styles/commerce.css?url';
import { EmptyState } from '#app/ui/empty-state.tsx';
import type { Route } from './+types/account-applications';
import { loadApplicationsPage } from './account-applications.server.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: commerceStyles }];

export function loader({ url, request, context }: Route.LoaderArgs) {
  return loadApplicationsPage(url, request, context);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

/**
 * The applicant sees the application's state in their account (docs/product/providers.md,
 * joining): each application to join, with its service, state, dates and the operator's reason;
 * with none, a way to each service's join page.
 */
export default function ApplicationsPage({ loaderData }: Route.ComponentProps) {
  return (
    <I18nScope bundles={loaderData.messageBundles}>
      <ApplicationsBody applications={loaderData.applications} />
    </I18nScope>
  );
}

function ApplicationsBody({ applications }: Pick<Route.ComponentProps['loaderData'], 'applications'>) {
  const { t, locale } = useI18n();
  return (
    <div className="account-page commerce-page">
      <h1>{t('join.applications.title')}</h1>
      {applications.length === 0 ? (
        <EmptyState title={t('join.applications.empty')}>
          <ul className="join-services">
            {SERVICE_IDS.map((service) => (
              <li key={service}>
                <AppLink to={localizePath(joinPath(service), locale.code)}>
                  {t('join.applications.joinService', { service: t(`service.${service}.name`) })}
                </AppLink>
              </li>
            ))}
          </ul>
        </EmptyState>
      ) : (
        <ul className="order-list">
          {applications.map((application) => (
            <ApplicationCard key={application.id} application={application} />
          ))}
        </ul>
      )}
    </div>
  );
}
