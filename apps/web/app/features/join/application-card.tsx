import type { Application } from '@malewa/contracts/join/application';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localizePath } from '#app/platform/i18n/locales.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { joinPath } from './join-paths.ts';

/** An application as its card shows it: the dates already written for the page's language. */
export type ShownApplication = Pick<Application, 'id' | 'service' | 'businessName' | 'status' | 'reason'> & {
  /** The shop it became, once approved: its page in the catalog. */
  shop: { path: string } | null;
  submittedOn: string;
  decidedOn: string | null;
};

/**
 * Where an application stands, on the service's join page: under review, open (with its shop's
 * page), or not approved with the operator's reason (the form follows, to apply again).
 */
export function ApplicationStatus({ application }: { application: ShownApplication }) {
  const { t, locale } = useI18n();
  const name = application.businessName;
  const tone = application.status === 'rejected' ? 'notice-warning' : 'notice-success';
  return (
    <section className={`notice ${tone} application-status`} aria-labelledby="application-status-title">
      <h2 id="application-status-title" className="notice-title">
        {t(`join.status.${application.status}.title`, { name })}
      </h2>
      {application.status === 'submitted' && (
        <p>{t('join.status.submitted.text', { name, date: application.submittedOn })}</p>
      )}
      {application.status === 'approved' && (
        <>
          <p>{t('join.status.approved.text', { date: application.decidedOn ?? application.submittedOn })}</p>
          {application.shop && (
            <p>
              <AppLink to={localizePath(application.shop.path, locale.code)}>{t('join.status.approved.shop')}</AppLink>
            </p>
          )}
        </>
      )}
      {application.status === 'rejected' && (
        <>
          {application.reason && <p>{t('join.status.rejected.reason', { reason: application.reason })}</p>}
          <p>{t('join.status.rejected.again')}</p>
        </>
      )}
    </section>
  );
}

/** An application in the account's list: its business, service, state and dates, and where to follow it. */
export function ApplicationCard({ application }: { application: ShownApplication }) {
  const { t, locale } = useI18n();
  const headingId = `application-${application.id}`;
  return (
    <li className="order-card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <bdi>{application.businessName}</bdi>
      </h2>
      <p className="card-meta">
        {t(`service.${application.service}.name`)} · {t('join.applications.sentOn', { date: application.submittedOn })}
      </p>
      <p>
        <span className={`order-status application-state-${application.status}`}>
          {t(`join.state.${application.status}`)}
        </span>
        {application.decidedOn && <> · {t('join.applications.decidedOn', { date: application.decidedOn })}</>}
      </p>
      {application.status === 'rejected' && application.reason && (
        <p>{t('join.status.rejected.reason', { reason: application.reason })}</p>
      )}
      <p className="order-actions">
        {application.shop && (
          <AppLink to={localizePath(application.shop.path, locale.code)}>{t('join.status.approved.shop')}</AppLink>
        )}
        <AppLink to={localizePath(joinPath(application.service), locale.code)}>{t('join.applications.open')}</AppLink>
      </p>
    </li>
  );
}
