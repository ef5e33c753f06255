import { useMemo, useState } from 'react';
import { AddressPin, type PinTexts } from '#app/features/commerce/address-pin.tsx';
import { ApplicationStatus } from '#app/features/join/application-card.tsx';
import type { JoinErrorField, JoinValues } from '#app/features/join/join-fields.ts';
import { JoinForm } from '#app/features/join/join-form.tsx';
import { errorOf, errorsOf, type FormOutcome, keptValues } from '#app/platform/forms/form-outcome.ts';
import { I18nScope, useI18n } from '#app/platform/i18n/i18n-context.tsx';
import type { MessageKey } from '#app/platform/i18n/translator.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { pageMeta } from '#app/platform/seo/page-meta.ts';
import commerceStyles from '#app/styles/commerce.css?url';
import joinStyles from '#app/styles/join.css?url';
import weekHoursStyles from '#app/styles/week-hours.css?url';
import type { Route } from './+types/join-page';
import { loadJoinPage, submitJoinForm } from './join-page.server.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: commerceStyles },
  { rel: 'stylesheet', href: joinStyles },
  { rel: 'stylesheet', href: weekHoursStyles },
];

export function loader({ url, request, context }: Route.LoaderArgs) {
  return loadJoinPage(url, request, context);
}

export function action({ url, request, context }: Route.ActionArgs) {
  return submitJoinForm(url, request, context);
}

export function meta(args: Route.MetaArgs) {
  if (!args.loaderData) return [];
  return pageMeta(args, { path: `/${args.loaderData.service}/join`, ...args.loaderData.meta });
}

const WORKPLACE_PIN: PinTexts = {
  label: 'join.pin.label',
  map: 'join.pin.map',
  hint: 'join.pin.hint',
  noScript: 'join.pin.noScript',
};

/**
 * Providers can apply to join each service at `/{service}/join` (docs/product/providers.md,
 * joining). What joining means for the service's kind of provider, the three steps, then the
 * way in (signed out), where the application stands, and the form. Plain forms and links: it
 * works without JavaScript.
 */
export default function JoinPage(props: Route.ComponentProps) {
  return (
    <I18nScope bundles={props.loaderData.messageBundles}>
      <JoinBody {...props} />
    </I18nScope>
  );
}

function JoinBody({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <div className="join-page commerce-page">
      <header className="join-intro">
        <h1>{loaderData.meta.title}</h1>
        <p>{loaderData.meta.description}</p>
      </header>
      <section aria-labelledby="join-steps-title">
        <h2 id="join-steps-title">{t('join.steps.title')}</h2>
        <ol className="join-steps">
          {([1, 2, 3] as const).map((step) => (
            <li key={step}>
              <strong className="join-step-title">{t(`join.step${step}.title`)}</strong>
              {t(`join.step${step}.text`)}
            </li>
          ))}
        </ol>
      </section>
      {loaderData.signedIn ? (
        <>
          {loaderData.application && <ApplicationStatus application={loaderData.application} />}
          {loaderData.canApply && (
            <section className="checkout-section" aria-labelledby="join-form-title">
              <h2 id="join-form-title">{t('join.form.title')}</h2>
              <JoinFormWithPin loaderData={loaderData} outcome={actionData} />
            </section>
          )}
        </>
      ) : (
        <section className="checkout-section" aria-labelledby="join-sign-in-title">
          <h2 id="join-sign-in-title">{t('join.signIn.title')}</h2>
          <p>{t('join.signIn.text')}</p>
          <p className="order-actions">
            <AppLink className="button" to={loaderData.loginPath}>
              {t('join.signIn.login')}
            </AppLink>
            <AppLink to={loaderData.registerPath}>{t('join.signIn.register')}</AppLink>
          </p>
        </section>
      )}
    </div>
  );
}

type SignedInData = Extract<Route.ComponentProps['loaderData'], { signedIn: true }>;

/**
 * The notice above the form: an application already waiting, too many sent from here today,
 * or what an invalid form says as a whole.
 */
function noticeOf(outcome: FormOutcome<JoinValues, JoinErrorField> | undefined): MessageKey | undefined {
  if (outcome?.status === 'refused') return outcome.reason;
  if (outcome?.status === 'rate-limited') return 'join.error.rateLimited';
  return errorOf(outcome, 'form');
}

function JoinFormWithPin({ loaderData, outcome: sent }: { loaderData: SignedInData; outcome: unknown }) {
  const { t } = useI18n();
  const outcome = sent as FormOutcome<JoinValues, JoinErrorField> | undefined;
  const values = keptValues(outcome, loaderData.values);
  const errors = { ...errorsOf<JoinErrorField>(outcome), form: noticeOf(outcome) };
  // The city chosen in the form, which the pin and its map follow; a form that comes back
  // starts again from the city it was sent with.
  const [city, setCity] = useState(values.city);
  const [sentCity, setSentCity] = useState(values.city);
  if (sentCity !== values.city) {
    setSentCity(values.city);
    setCity(values.city);
  }
  const centre = loaderData.cities.find((candidate) => candidate.slug === city);
  const latitude = Number.parseFloat(values.latitude);
  const longitude = Number.parseFloat(values.longitude);
  const placed = city === values.city && Number.isFinite(latitude) && Number.isFinite(longitude);
  // Where the applicant left the pin, when the form comes back in the same city; else the chosen
  // city's centre. One object per position: the map is drawn again when its start changes.
  const start = useMemo(
    () =>
      placed
        ? { latitude, longitude }
        : centre
          ? { latitude: centre.latitude, longitude: centre.longitude }
          : loaderData.pin,
    [placed, latitude, longitude, centre, loaderData.pin],
  );
  return (
    <JoinForm
      service={loaderData.service}
      values={values}
      errors={errors}
      cities={loaderData.cities}
      onCityChange={setCity}
      pin={
        // A new city, a new pin: drawn at its centre, on a map of its streets.
        <AddressPin key={city} start={start} error={errors.pin ? t(errors.pin) : undefined} texts={WORKPLACE_PIN} />
      }
    />
  );
}
