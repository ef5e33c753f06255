import { APPLICATION_STATUSES } from '@malewa/contracts/join/join-rules';
import { Form, useLocation } from 'react-router';
import { Pager } from '#app/features/operator/pager.tsx';
import { ServiceSelect } from '#app/features/operator/scope-selects.tsx';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localizePath } from '#app/platform/i18n/locales.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { EmptyState } from '#app/ui/empty-state.tsx';
import type { Route } from './+types/applications-page';
import { loadApplicationsQueue } from './applications-page.server.ts';

export function loader({ url, request, context }: Route.LoaderArgs) {
  return loadApplicationsQueue(url, request, context);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

/** The application queue: filter by state and service, each application to its review. */
export default function ApplicationsQueue({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { search } = useLocation();
  const { filter, applications } = loaderData;
  const here = localizePath('/operator/applications', locale.code);
  return (
    <section className="commerce-page operator-page" aria-labelledby="operator-applications-title">
      <h1 id="operator-applications-title">{t('operator.applications.title')}</h1>
      <Form method="get" className="operator-filter">
        <label>
          {t('operator.filter.status')}{' '}
          <select name="status" defaultValue={filter.status}>
            {APPLICATION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`join.state.${status}`)}
              </option>
            ))}
            <option value="all">{t('operator.filter.all')}</option>
          </select>
        </label>
        <ServiceSelect
          label={t('operator.filter.service')}
          defaultValue={filter.service}
          all={t('operator.filter.all')}
        />
        <button type="submit" className="button-quiet">
          {t('operator.filter.submit')}
        </button>
      </Form>
      {filter.status === 'submitted' && loaderData.total > 0 && (
        <p className="card-meta">{t('operator.applications.waiting', { count: loaderData.total })}</p>
      )}
      {applications.length === 0 ? (
        <EmptyState title={t('operator.applications.empty')} />
      ) : (
        <ul className="order-list">
          {applications.map((application) => (
            <li key={application.id} className="order-card" aria-labelledby={`application-${application.id}`}>
              <h2 id={`application-${application.id}`}>
                <AppLink to={`${here}/${application.id}`}>
                  <bdi>{application.businessName}</bdi>
                </AppLink>
              </h2>
              <p className="card-meta">
                {t(`service.${application.service}.name`)} · {t(`join.kind.${application.kind}`)} ·{' '}
                <bdi>{application.city}</bdi>
              </p>
              <p>
                <span className={`order-status application-state-${application.status}`}>
                  {t(`join.state.${application.status}`)}
                </span>{' '}
                · <bdi>{application.contactName}</bdi> ·{' '}
                {t('operator.application.sent', { date: application.submittedOn })}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pager page={loaderData.page} pages={loaderData.pages} path={here} search={search} />
    </section>
  );
}
