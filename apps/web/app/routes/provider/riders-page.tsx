import { Form } from 'react-router';
import { errorsOf, keptValues } from '#app/platform/forms/form-outcome.ts';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import ridersStyles from '#app/styles/riders.css?url';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { FormField } from '#app/ui/form-field.tsx';
import { LtrText } from '#app/ui/ltr-text.tsx';
import type { Route } from './+types/riders-page';
import {
  loadRiders,
  type RiderField,
  type RidersOutcome,
  ridersAction,
  type ShownRider,
} from './riders-page.server.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: ridersStyles }];

export function loader({ url, request, context }: Route.LoaderArgs) {
  return loadRiders(url, request, context);
}

export function action({ url, request, context }: Route.ActionArgs) {
  return ridersAction(url, request, context);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

/**
 * The shop's riders (docs/decisions/0034): its own, whom it adds by the email or phone of
 * their Malewa account and may remove, and the marketplace fleet's who serve it. Each says how
 * they travel and whether they are on shift, on a delivery or suspended. Plain forms: it works
 * without JavaScript, the removal's confirmation a disclosure.
 */
export default function RidersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { shop, riders } = loaderData;
  const outcome = actionData as RidersOutcome | undefined;
  const adding = outcome?.intent === 'add' ? outcome : undefined;
  const values = keptValues(adding, loaderData.values);
  const errors = errorsOf<RiderField>(adding);
  const action = `?shop=${shop.id}`;
  // The rider a removal was refused for, and why.
  const refusal = outcome?.status === 'refused' && outcome.intent === 'remove' ? outcome : undefined;
  return (
    <section className="commerce-page operator-page" aria-labelledby="riders-title">
      <h1 id="riders-title">{t('provider.riders.title', { shop: shop.name })}</h1>
      <p className="card-meta">{t('provider.riders.hint')}</p>
      {riders.length === 0 ? (
        <EmptyState title={t('provider.riders.empty')} />
      ) : (
        <ul className="order-list rider-list">
          {riders.map((rider) => (
            <RiderCard
              key={rider.id}
              rider={rider}
              action={action}
              refused={refusal?.details?.rider === rider.id ? t(refusal.reason) : undefined}
            />
          ))}
        </ul>
      )}
      <section className="checkout-section" aria-labelledby="add-rider-title">
        <h2 id="add-rider-title">{t('provider.riders.add')}</h2>
        <p className="card-meta">{t('provider.riders.addHint')}</p>
        <Form
          method="post"
          action={action}
          className="checkout-form"
          noValidate
          // A rider added: the form starts afresh (the redirect does not remount it).
          key={riders.map((rider) => rider.id).join()}
        >
          <CsrfField />
          {(errors.form || outcome?.status === 'failed') && (
            <p className="notice notice-error" role="alert">
              {t(errors.form ?? 'provider.riders.error.form')}
            </p>
          )}
          {adding?.status === 'rate-limited' && (
            <p className="notice notice-error" role="alert">
              {t('provider.riders.error.tooMany', { minutes: adding.minutes })}
            </p>
          )}
          <div className="checkout-pair">
            <FormField
              id="rider-identifier"
              label={t('provider.riders.identifier')}
              hint={t('provider.riders.identifierHint')}
              error={errors.identifier}
            >
              {(props) => (
                <input
                  {...props}
                  name="identifier"
                  defaultValue={values.identifier}
                  autoComplete="off"
                  autoCapitalize="none"
                  spellCheck={false}
                  maxLength={254}
                  dir="ltr"
                  required
                />
              )}
            </FormField>
            <FormField id="rider-vehicle" label={t('provider.riders.vehicle')} error={errors.vehicle}>
              {(props) => (
                <select {...props} name="vehicle" defaultValue={values.vehicle} required>
                  {loaderData.vehicles.map((vehicle) => (
                    <option key={vehicle} value={vehicle}>
                      {t(`provider.vehicle.${vehicle}`)}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </div>
          <button type="submit" name="intent" value="add">
            {t('provider.riders.addSubmit')}
          </button>
        </Form>
      </section>
    </section>
  );
}

/** One rider: who, how they travel, where they stand now; the shop's own can be removed, once confirmed. */
function RiderCard({ rider, action, refused }: { rider: ShownRider; action: string; refused: string | undefined }) {
  const { t } = useI18n();
  const titleId = `rider-${rider.id}`;
  return (
    <li className="order-card rider-card" aria-labelledby={titleId}>
      <h2 id={titleId}>
        <bdi>{rider.name}</bdi>
      </h2>
      {rider.contact && (
        <p className="card-meta">
          <LtrText breakable>{rider.contact}</LtrText>
        </p>
      )}
      <ul className="rider-tags">
        <li>{t(`provider.vehicle.${rider.vehicle}`)}</li>
        <li>{rider.own ? t('provider.riders.own') : t('provider.riders.fleet')}</li>
        <li className={rider.onShift ? 'rider-tag-on' : undefined}>
          {rider.onShift ? t('provider.riders.onShift') : t('provider.riders.offShift')}
        </li>
        {rider.busy && <li className="rider-tag-busy">{t('provider.riders.busy')}</li>}
        {rider.suspended && <li className="rider-tag-suspended">{t('provider.riders.suspended')}</li>}
      </ul>
      {refused && (
        <p className="notice notice-error" role="alert">
          {refused}
        </p>
      )}
      {rider.own && (
        <details className="rider-remove">
          <summary>{t('provider.riders.remove')}</summary>
          <Form method="post" action={action}>
            <CsrfField />
            <p>{t('provider.riders.removeConfirm', { name: rider.name })}</p>
            <input type="hidden" name="rider" value={rider.id} />
            <button type="submit" name="intent" value="remove" className="button-danger">
              {t('provider.riders.removeSubmit')}
            </button>
          </Form>
        </details>
      )}
    </li>
  );
}
