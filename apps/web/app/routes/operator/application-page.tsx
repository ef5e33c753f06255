import { Form } from 'react-router';
import type { ReasonValues } from '#app/features/operator/reason-form.server.ts';
import { ReasonForm } from '#app/features/operator/reason-form.tsx';
import type { FormOutcome } from '#app/platform/forms/form-outcome.ts';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localizePath } from '#app/platform/i18n/locales.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import { LtrList } from '#app/ui/ltr-list.tsx';
import { LtrText } from '#app/ui/ltr-text.tsx';
import type { Route } from './+types/application-page';
import { decideApplication, loadApplicationReview } from './application-page.server.ts';

export function loader({ url, request, context, params }: Route.LoaderArgs) {
  return loadApplicationReview(url, request, context, params);
}

export function action({ url, request, context, params }: Route.ActionArgs) {
  return decideApplication(url, request, context, params);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

/**
 * Reviewing an application (docs/product/providers.md, operator review): what the applicant
 * sent, their documents (downloaded through the storefront, never linked to the API), then
 * approve or reject with a reason while it waits; once decided, the decision.
 */
export default function ApplicationReview({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { application, hours } = loaderData;
  // A reason that breaks the rules comes back beside it; a decision already made, as a notice.
  const outcome = actionData as FormOutcome<ReasonValues> | undefined;
  return (
    <article className="commerce-page operator-page" aria-labelledby="application-title">
      <p>
        <AppLink to={localizePath('/operator/applications', locale.code)}>{t('operator.application.back')}</AppLink>
      </p>
      <h1 id="application-title">{t('operator.application.title', { name: application.businessName })}</h1>
      <p>
        <span className={`order-status application-state-${application.status}`}>
          {t(`join.state.${application.status}`)}
        </span>{' '}
        · {t(`service.${application.service}.name`)} ·{' '}
        {t('operator.application.sent', { date: application.submittedOn })}
        {application.decidedOn && <> · {t('operator.application.decided', { date: application.decidedOn })}</>}
      </p>
      {outcome?.status === 'refused' && (
        <p className="notice notice-error" role="alert">
          {t(outcome.reason)}
        </p>
      )}
      <dl className="operator-facts">
        <dt>{t('operator.application.kind')}</dt>
        <dd>{t(`join.kind.${application.kind}`)}</dd>
        <dt>{t('operator.application.contact')}</dt>
        <dd>
          <bdi>{application.contactName}</bdi>
        </dd>
        <dt>{t('operator.application.phone')}</dt>
        <dd>
          <LtrText>{application.phone}</LtrText>
        </dd>
        <dt>{t('operator.application.email')}</dt>
        <dd>
          <LtrText breakable>{application.email}</LtrText>
        </dd>
        <dt>{t('operator.application.place')}</dt>
        <dd>
          <bdi>{application.place}</bdi>
          <br />
          <LtrText>
            {t('operator.application.pin', { latitude: application.latitude, longitude: application.longitude })}
          </LtrText>
        </dd>
        <dt>{t('operator.application.hours')}</dt>
        <dd>
          <ul className="operator-hours">
            {hours.map((day) => (
              <li key={day.day}>
                {day.day}: {day.ranges.length === 0 ? t('operator.application.closed') : <LtrList items={day.ranges} />}
              </li>
            ))}
          </ul>
        </dd>
        <dt>{t('operator.application.description')}</dt>
        <dd className="operator-text" dir="auto">
          {application.description}
        </dd>
      </dl>
      <section className="checkout-section" aria-labelledby="documents-title">
        <h2 id="documents-title">{t('operator.application.documents')}</h2>
        <ul>
          {application.documents.map((document) => (
            <li key={document.id}>
              {t(`operator.application.document.${document.kind}`)}:{' '}
              {/* A resource at one address for every language: no locale prefix. */}
              <a href={`/operator/applications/${application.id}/documents/${document.id}`} download>
                {t('operator.application.download', { name: document.fileName })}
              </a>
            </li>
          ))}
        </ul>
      </section>
      {application.status === 'rejected' && application.reason && (
        <p>{t('operator.application.reason', { reason: application.reason })}</p>
      )}
      {application.shopPath && (
        <p>
          <AppLink to={localizePath(application.shopPath, locale.code)}>{t('operator.application.shop')}</AppLink>
        </p>
      )}
      {application.status === 'submitted' && (
        <div className="operator-decisions">
          <section className="checkout-section" aria-labelledby="approve-title">
            <h2 id="approve-title">{t('operator.approve.title')}</h2>
            <p>{t('operator.approve.text')}</p>
            <Form method="post">
              <CsrfField />
              <button type="submit" name="intent" value="approve">
                {t('operator.approve.submit')}
              </button>
            </Form>
          </section>
          <section className="checkout-section" aria-labelledby="reject-title">
            <h2 id="reject-title">{t('operator.reject.title')}</h2>
            <ReasonForm
              intent="reject"
              label={t('operator.reject.reason')}
              hint={t('operator.reject.hint')}
              submit={t('operator.reject.submit')}
              quiet
              outcome={outcome}
            />
          </section>
        </div>
      )}
    </article>
  );
}
