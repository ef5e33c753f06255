import { Form } from 'react-router';
import { errorOf, errorsOf, keptValue, keptValues } from '#app/platform/forms/form-outcome.ts';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import ridersStyles from '#app/styles/riders.css?url';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { FormField } from '#app/ui/form-field.tsx';
import { LtrText } from '#app/ui/ltr-text.tsx';
import type { Route } from './+types/riders-page';
import {
  type CompleteOutcome,
  type FleetField,
  type FleetOutcome,
  fleetAction,
  loadFleet,
  type ShownFleetRider,
  type SuspendOutcome,
} from './riders-page.server.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: ridersStyles }];

export function loader({ url, request, context }: Route.LoaderArgs) {
  return loadFleet(url, request, context);
}

export function action({ url, request, context }: Route.ActionArgs) {
  return fleetAction(url, request, context);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

/**
 * Every rider (docs/decisions/0034): the marketplace's fleet first, then the shops' own; each
 * whose, where, how they travel and how they stand, suspended with a reason or reinstated; and
 * a new fleet rider for a city, for shops, or both. Plain forms: it works without JavaScript.
 */
export default function FleetPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const outcome = actionData as FleetOutcome | SuspendOutcome | CompleteOutcome | undefined;
  const adding = outcome?.intent === 'add' ? (outcome as FleetOutcome) : undefined;
  const suspending = outcome?.intent === 'suspend' ? (outcome as SuspendOutcome) : undefined;
  const values = keptValues(adding, loaderData.values);
  const errors = errorsOf<FleetField>(adding);
  const { riders } = loaderData;
  return (
    <section className="commerce-page operator-page" aria-labelledby="fleet-title">
      <h1 id="fleet-title">{t('operator.riders.title')}</h1>
      <p className="card-meta">{t('operator.riders.hint')}</p>
      {loaderData.locked.length > 0 && (
        <LockedDeliveries
          locked={loaderData.locked}
          outcome={outcome?.intent === 'complete' ? (outcome as CompleteOutcome) : undefined}
        />
      )}
      {riders.length === 0 ? (
        <EmptyState title={t('operator.riders.empty')} />
      ) : (
        <ul className="order-list rider-list">
          {riders.map((rider) => (
            <FleetRiderCard
              key={rider.id}
              rider={rider}
              outcome={keptValue(suspending, 'rider') === rider.id ? suspending : undefined}
            />
          ))}
        </ul>
      )}
      <section className="checkout-section" aria-labelledby="add-fleet-rider-title">
        <h2 id="add-fleet-rider-title">{t('operator.riders.add')}</h2>
        <p className="card-meta">{t('operator.riders.addHint')}</p>
        <Form
          method="post"
          className="checkout-form"
          noValidate
          // A rider added: the form starts afresh (the redirect does not remount it).
          key={riders.map((rider) => rider.id).join()}
        >
          <CsrfField />
          {(errors.form || adding?.status === 'failed' || adding?.status === 'rate-limited') && (
            <p className="notice notice-error" role="alert">
              {t(errors.form ?? 'operator.riders.error.form')}
            </p>
          )}
          <div className="checkout-pair">
            <FormField
              id="fleet-identifier"
              label={t('operator.riders.identifier')}
              hint={t('operator.riders.identifierHint')}
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
            <FormField id="fleet-vehicle" label={t('operator.riders.vehicle')} error={errors.vehicle}>
              {(props) => (
                <select {...props} name="vehicle" defaultValue={values.vehicle} required>
                  {loaderData.vehicles.map((vehicle) => (
                    <option key={vehicle} value={vehicle}>
                      {t(`operator.riders.vehicle.${vehicle}`)}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </div>
          <FormField
            id="fleet-location"
            label={t('operator.riders.city')}
            hint={t('operator.riders.cityHint')}
            error={errors.locationId}
          >
            {(props) => (
              <select {...props} name="locationId" defaultValue={values.locationId}>
                <option value="">{t('operator.riders.noCity')}</option>
                {loaderData.cities.map((city) => (
                  <option key={city.id} value={city.id}>
                    {city.name} ({city.countryCode})
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <div className="rider-shops">
            <FormField
              id="fleet-shops"
              label={t('operator.riders.shops')}
              hint={t('operator.riders.shopsHint')}
              error={errors.shopIds}
            >
              {(props) => (
                <select {...props} name="shopIds" multiple defaultValue={values.shopIds} size={8}>
                  {loaderData.shopGroups.map((group) => (
                    <optgroup key={group.city} label={group.city}>
                      {group.shops.map((shop) => (
                        <option key={shop.id} value={shop.id}>
                          {shop.name}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </select>
              )}
            </FormField>
          </div>
          <button type="submit" name="intent" value="add">
            {t('operator.riders.addSubmit')}
          </button>
        </Form>
      </section>
    </section>
  );
}

/** One rider: whose, where, how they stand; suspend with a reason (a disclosure), or reinstate. */
/** Deliveries locked after five wrong codes: the operator checks the handover and completes it. */
function LockedDeliveries({
  locked,
  outcome,
}: {
  locked: Route.ComponentProps['loaderData']['locked'];
  outcome: CompleteOutcome | undefined;
}) {
  const { t } = useI18n();
  return (
    <section className="checkout-section" aria-labelledby="locked-title">
      <h2 id="locked-title">{t('operator.riders.locked.title')}</h2>
      <p className="card-meta">{t('operator.riders.locked.hint')}</p>
      <ul className="order-list">
        {locked.map((delivery) => {
          const mine = keptValue(outcome, 'order') === delivery.orderId ? outcome : undefined;
          const reasonId = `complete-${delivery.orderId}`;
          return (
            <li key={delivery.orderId} className="order-card">
              <p>
                {t('operator.riders.locked.line', {
                  ref: delivery.orderRef,
                  shop: delivery.shop,
                  rider: delivery.rider ?? '—',
                })}
              </p>
              <Form method="post" className="checkout-form" noValidate>
                <CsrfField />
                <input type="hidden" name="order" value={delivery.orderId} />
                <FormField
                  id={reasonId}
                  label={t('operator.riders.locked.reason')}
                  error={
                    errorOf(mine, 'reason') ?? (mine?.status === 'failed' ? 'operator.riders.error.form' : undefined)
                  }
                >
                  {(props) => (
                    <textarea
                      {...props}
                      name="reason"
                      rows={2}
                      minLength={3}
                      maxLength={500}
                      required
                      defaultValue={keptValue(mine, 'reason')}
                    />
                  )}
                </FormField>
                <button type="submit" name="intent" value="complete">
                  {t('operator.riders.locked.submit')}
                </button>
              </Form>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function FleetRiderCard({ rider, outcome }: { rider: ShownFleetRider; outcome: SuspendOutcome | undefined }) {
  const { t } = useI18n();
  const titleId = `fleet-rider-${rider.id}`;
  const reasonId = `suspend-${rider.id}`;
  const error = errorOf(outcome, 'reason') ?? (outcome?.status === 'failed' ? 'operator.riders.error.form' : undefined);
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
      <p>{rider.fleet ? t('operator.riders.fleet') : t('operator.riders.shopRider', { shop: rider.shop ?? '' })}</p>
      {rider.city && <p className="card-meta">{t('operator.riders.servesCity', { city: rider.city })}</p>}
      {rider.shops && <p className="card-meta">{t('operator.riders.servesShops', { shops: rider.shops })}</p>}
      <ul className="rider-tags">
        <li>{t(`operator.riders.vehicle.${rider.vehicle}`)}</li>
        <li className={rider.onShift ? 'rider-tag-on' : undefined}>
          {rider.onShift ? t('operator.riders.onShift') : t('operator.riders.offShift')}
        </li>
        {rider.busy && <li>{t('operator.riders.busy')}</li>}
        {rider.suspended && <li className="rider-tag-suspended">{t('operator.riders.suspended')}</li>}
      </ul>
      {rider.suspended ? (
        <>
          <p>{t('operator.riders.suspendedSince', { date: rider.suspended.since, reason: rider.suspended.reason })}</p>
          <Form method="post">
            <CsrfField />
            <input type="hidden" name="rider" value={rider.id} />
            <button type="submit" name="intent" value="reinstate" className="button-quiet">
              {t('operator.riders.reinstate')}
            </button>
          </Form>
        </>
      ) : (
        <details className="rider-suspend" open={outcome ? true : undefined}>
          <summary>{t('operator.riders.suspend')}</summary>
          <Form method="post" className="checkout-form" noValidate>
            <CsrfField />
            <input type="hidden" name="rider" value={rider.id} />
            <FormField
              id={reasonId}
              label={t('operator.riders.reason')}
              hint={t('operator.riders.reasonHint')}
              error={error}
            >
              {(props) => (
                <textarea
                  {...props}
                  name="reason"
                  rows={2}
                  minLength={3}
                  maxLength={500}
                  required
                  defaultValue={keptValue(outcome, 'reason')}
                />
              )}
            </FormField>
            <button type="submit" name="intent" value="suspend" className="button-danger">
              {t('operator.riders.suspendSubmit')}
            </button>
          </Form>
        </details>
      )}
    </li>
  );
}
