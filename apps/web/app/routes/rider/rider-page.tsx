import type { RiderJob } from '@malewa/contracts/delivery/rider-job';
import { useEffect } from 'react';
import { data, Form, useRevalidator } from 'react-router';
import { ChatPanel } from '#app/features/chat/chat-panel.tsx';
import { CHAT_INTENT } from '#app/features/chat/chat-view.ts';
import { type SharingState, useSharePosition } from '#app/features/rider/use-share-position.ts';
import { errorOf, keptValue } from '#app/platform/forms/form-outcome.ts';
import type { ScriptsHandle } from '#app/platform/http/page-scripts.ts';
import { privatePageMeta } from '#app/platform/http/private-page.ts';
import { ReloadWithoutScripts } from '#app/platform/http/reload-without-scripts.tsx';
import { I18nScope, useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { dateTimeFormat } from '#app/platform/i18n/intl-formats.ts';
import { intlLanguage } from '#app/platform/i18n/locales.ts';
import { useFormatMoney } from '#app/platform/money/use-money.ts';
import { CsrfField, useCsrfToken } from '#app/platform/session/csrf-field.tsx';
import { loadMe } from '#app/platform/session/me.server.ts';
import { requireSignedIn } from '#app/platform/session/session.server.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';
import chatStyles from '#app/styles/chat.css?url';
import commerceStyles from '#app/styles/commerce.css?url';
import riderStyles from '#app/styles/rider.css?url';
import { FormField } from '#app/ui/form-field.tsx';
import { LtrText } from '#app/ui/ltr-text.tsx';
import { useHydrated } from '#app/ui/use-hydrated.ts';
import type { Route } from './+types/rider-page';
import { type DeliverDetails, loadRiderPage, submitRiderForm } from './rider-page.server.ts';

// The shop's forms, buttons and fields look the same here (commerce.css), the rider's own after.
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: commerceStyles },
  { rel: 'stylesheet', href: chatStyles },
  { rel: 'stylesheet', href: riderStyles },
];

/** Riders only: anyone else signed in gets the 404 any unknown address gets; the signed-out sign in first. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const url = new URL(request.url);
    requireSignedIn(context, url);
    const me = await signedInCall(url, () => loadMe(context, request));
    if (!me.user.roles.includes('rider')) throw data(null, { status: 404 });
    return next();
  },
];

/** Sharing the position needs scripts: the page carries them even when light (page-scripts.ts). */
export const handle = { hydrate: 'always' } satisfies ScriptsHandle;

export function loader({ url, request, context }: Route.LoaderArgs) {
  return loadRiderPage(url, request, context);
}

export function action({ url, request, context }: Route.ActionArgs) {
  return submitRiderForm(url, request, context);
}

export const headers: Route.HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set('Cache-Control', 'private, no-store');
  return headers;
};

export function meta({ loaderData }: Route.MetaArgs) {
  return privatePageMeta(loaderData?.title);
}

export default function RiderPage(props: Route.ComponentProps) {
  return (
    <I18nScope bundles={props.loaderData.messageBundles}>
      <RiderBody {...props} />
    </I18nScope>
  );
}

type Outcome = { status?: string; intent?: string; reason?: string; details?: DeliverDetails } | undefined;

/** How often a rider waiting for a job looks again: offers last under a minute. */
const LOOK_AGAIN_S = 20;

function RiderBody({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { rider, current, offers, chat } = loaderData;
  const outcome = actionData as Outcome;
  const waiting = rider.onShift && !current;
  // Waiting for a job, or for the shop to make the one taken ready: look again now and then.
  const looking = waiting || current?.status === 'assigned';
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!looking) return;
    const timer = setInterval(() => void revalidate(), LOOK_AGAIN_S * 1000);
    return () => clearInterval(timer);
  }, [looking, revalidate]);
  const sharing = useSharePosition(rider.onShift, useCsrfToken());
  return (
    <div className="commerce-page rider-page">
      {/* Without JavaScript a rider waiting for a job sees new offers by the page reloading itself. */}
      {waiting && <ReloadWithoutScripts seconds={LOOK_AGAIN_S} />}
      <h1>{t('rider.title')}</h1>
      <p>
        {t('rider.hello', { name: rider.firstName })} ·{' '}
        {rider.shop ? t('rider.forShop', { shop: rider.shop }) : t('rider.forFleet')}
      </p>
      {outcome?.status === 'refused' && outcome.intent !== CHAT_INTENT && outcome.reason && (
        <p className="notice notice-error" role="alert">
          {t(outcome.reason as Parameters<typeof t>[0])}
        </p>
      )}
      {outcome?.status === 'failed' && (
        <p className="notice notice-error" role="alert">
          {t('rider.error.conflict')}
        </p>
      )}
      <ShiftCard rider={rider} busy={current !== null} />
      {rider.onShift && <PositionCard state={sharing} />}
      {current ? (
        <>
          <CurrentJob job={current} outcome={outcome} />
          {chat && <ChatPanel chat={chat} outcome={actionData} collapsed={false} />}
        </>
      ) : (
        rider.onShift && <Offers offers={offers} />
      )}
    </div>
  );
}

function ShiftCard({ rider, busy }: { rider: Route.ComponentProps['loaderData']['rider']; busy: boolean }) {
  const { t } = useI18n();
  if (rider.suspended) {
    return (
      <p className="notice notice-error" role="status">
        {t('rider.suspended')}
      </p>
    );
  }
  return (
    <section className="rider-card rider-shift" aria-labelledby="shift-title">
      <h2 id="shift-title">
        <span className={rider.onShift ? 'shift-dot on' : 'shift-dot'} aria-hidden="true" />
        {t(rider.onShift ? 'rider.shift.on' : 'rider.shift.off')} · {t('rider.vehicle', { vehicle: rider.vehicle })}
      </h2>
      {!rider.onShift && <p className="card-meta">{t('rider.shift.offHint')}</p>}
      {!busy && (
        <Form method="post">
          <CsrfField />
          <input type="hidden" name="intent" value="shift" />
          <input type="hidden" name="onShift" value={rider.onShift ? 'false' : 'true'} />
          <button type="submit" className={rider.onShift ? 'button-quiet' : undefined}>
            {t(rider.onShift ? 'rider.shift.end' : 'rider.shift.start')}
          </button>
        </Form>
      )}
    </section>
  );
}

/** Text for inside a `<noscript>`, whose children React does not render: escaped by hand. */
const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** Sharing the position is the one part that needs JavaScript; the page says so without it. */
function PositionCard({ state }: { state: SharingState }) {
  const { t, locale } = useI18n();
  const hydrated = useHydrated();
  const time = dateTimeFormat(intlLanguage(locale.iso), { timeStyle: 'short' });
  return (
    <section className="rider-card rider-position" aria-labelledby="position-title">
      <h2 id="position-title">{t('rider.position.title')}</h2>
      <noscript
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own message, escaped
        dangerouslySetInnerHTML={{
          __html: `<p class="notice">${escapeHtml(t('rider.position.noScript'))}</p>`,
        }}
      />
      {hydrated && (
        <p className="card-meta" role="status" data-sharing={state.kind}>
          {state.kind === 'waiting'
            ? t('rider.position.waiting')
            : state.kind === 'denied'
              ? t('rider.position.denied')
              : state.kind === 'unavailable'
                ? t('rider.position.unavailable')
                : t('rider.position.sharing')}
        </p>
      )}
      {state.kind === 'sharing' && state.sentAt && (
        <p className="card-meta">{t('rider.position.sent', { time: time.format(state.sentAt) })}</p>
      )}
      {state.kind === 'sharing' && state.queued > 0 && (
        <p className="card-meta">{t('rider.position.queued', { count: state.queued })}</p>
      )}
    </section>
  );
}

function JobHidden({ job, intent }: { job: RiderJob; intent: string }) {
  return (
    <>
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="job" value={job.id} />
    </>
  );
}

/** What the rider collects at the door, or that there is nothing to collect. */
function CashLine({ job }: { job: RiderJob }) {
  const { t } = useI18n();
  const money = useFormatMoney();
  if (!job.cash) return <p className="card-meta">{t('rider.job.paid')}</p>;
  return (
    <p className="rider-cash">
      {job.cash.changeFor
        ? t('rider.job.cashChange', { amount: money(job.cash.due), note: money(job.cash.changeFor) })
        : t('rider.job.cash', { amount: money(job.cash.due) })}
    </p>
  );
}

function Offers({ offers }: { offers: (RiderJob & { answerBy: string | null })[] }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="offers-title">
      <h2 id="offers-title">{t('rider.offers.title')}</h2>
      {offers.length === 0 ? (
        <p className="card-meta">{t('rider.offers.empty')}</p>
      ) : (
        <ul className="rider-offers">
          {offers.map((job) => (
            <li key={job.id} className="rider-card">
              <p className="card-meta">
                {t('rider.job.ref', { ref: job.orderRef })} ·{' '}
                {job.answerBy ? t('rider.offer.answerBy', { time: job.answerBy }) : t('rider.offer.open')}
              </p>
              <h3>
                {t('rider.job.pickup')}: <bdi>{job.pickup.shop}</bdi>
              </h3>
              <p>
                <bdi>{job.pickup.area}</bdi>
                {job.pickup.distanceKm !== null && <> · {t('rider.job.fromYou', { km: job.pickup.distanceKm })}</>}
              </p>
              <p>
                {t('rider.job.dropoff')}: <bdi>{job.dropOff.area}</bdi> ·{' '}
                {t('rider.job.ride', { km: job.dropOff.distanceKm })}
              </p>
              <p className="card-meta">{t('rider.job.items', { count: job.itemsCount })}</p>
              <CashLine job={job} />
              <div className="rider-actions">
                <Form method="post">
                  <JobHidden job={job} intent="accept" />
                  <button type="submit">{t('rider.offer.accept')}</button>
                </Form>
                <Form method="post">
                  <JobHidden job={job} intent="decline" />
                  <button type="submit" className="button-quiet">
                    {t('rider.offer.decline')}
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A `geo:` address opens the phone's own map app (Android); the pin's label names the place. */
function mapLink(place: { latitude: number; longitude: number }, label: string): string {
  const at = `${place.latitude},${place.longitude}`;
  return `geo:${at}?q=${at}(${encodeURIComponent(label)})`;
}

function CurrentJob({ job, outcome }: { job: RiderJob; outcome: Outcome }) {
  const { t } = useI18n();
  const details = job.dropOff.details;
  const delivering = job.status === 'picked_up';
  return (
    <section className="rider-card rider-current" aria-labelledby="current-title">
      <h2 id="current-title">
        {t('rider.current.title')} · {t('rider.job.ref', { ref: job.orderRef })}
      </h2>
      <div className="rider-leg">
        <h3>{t('rider.job.pickup')}</h3>
        <p>
          <strong>
            <bdi>{job.pickup.shop}</bdi>
          </strong>
        </p>
        <p>
          <bdi>
            {job.pickup.street}, {job.pickup.area}
          </bdi>
        </p>
        <p className="card-meta">{t('rider.job.items', { count: job.itemsCount })}</p>
        {!delivering && (
          <p className="card-meta">
            {t(job.orderStatus === 'ready' ? 'rider.current.ready' : 'rider.current.preparing')}
          </p>
        )}
        <p>
          <a className="rider-link" href={mapLink(job.pickup, job.pickup.shop)}>
            {t('rider.current.openMap')}
          </a>
        </p>
        {!delivering && (
          <Form method="post">
            <JobHidden job={job} intent="picked-up" />
            <button type="submit" disabled={job.orderStatus !== 'ready'}>
              {t('rider.current.pickedUp')}
            </button>
          </Form>
        )}
      </div>
      {details && (
        <div className="rider-leg">
          <h3>{t('rider.job.dropoff')}</h3>
          <p>
            <strong>
              <bdi>{details.recipient}</bdi>
            </strong>
          </p>
          <p>
            <bdi>
              {details.line}, {job.dropOff.area}, {job.dropOff.city}
            </bdi>
          </p>
          {details.instructions && <p dir="auto">{t('rider.current.landmarks', { text: details.instructions })}</p>}
          <CashLine job={job} />
          <p className="rider-actions">
            <a className="rider-link" href={`tel:${details.phone.replace(/[^\d+]/g, '')}`}>
              {t('rider.current.call', { name: details.recipient })} · <LtrText>{details.phone}</LtrText>
            </a>
            <a className="rider-link" href={mapLink(details, details.recipient)}>
              {t('rider.current.openMap')}
            </a>
          </p>
        </div>
      )}
      {delivering && <HandOver job={job} outcome={outcome} />}
    </section>
  );
}

function HandOver({ job, outcome }: { job: RiderJob; outcome: Outcome }) {
  const { t } = useI18n();
  const sent = outcome?.intent === 'deliver' ? outcome : undefined;
  if (job.codeTriesLeft === 0) {
    return (
      <p className="notice notice-error" role="status">
        {t('rider.deliver.locked')}
      </p>
    );
  }
  const codeError = errorOf(sent, 'code');
  return (
    <Form method="post" className="rider-handover" aria-labelledby="handover-title">
      <h3 id="handover-title">{t('rider.deliver.title')}</h3>
      <JobHidden job={job} intent="deliver" />
      {job.cash && <input type="hidden" name="currency" value={job.cash.due.currency} />}
      {codeError === 'rider.deliver.wrongCode' && sent?.details?.triesLeft !== undefined && (
        <p className="notice notice-error" role="alert">
          {t('rider.deliver.wrongCode')} {t('rider.deliver.triesLeft', { left: sent.details.triesLeft })}
        </p>
      )}
      <FormField id="code" label={t('rider.deliver.code')} hint={t('rider.deliver.codeHint')} error={codeError}>
        {(field) => (
          <input
            {...field}
            name="code"
            inputMode="numeric"
            pattern="[0-9]{4}"
            maxLength={4}
            autoComplete="one-time-code"
            dir="ltr"
            className="rider-code"
            defaultValue={keptValue(sent, 'code')}
            required
          />
        )}
      </FormField>
      {job.cash && (
        <>
          <FormField id="cashTaken" label={t('rider.deliver.cashTaken')} error={errorOf(sent, 'cashTaken')}>
            {(field) => (
              <input
                {...field}
                name="cashTaken"
                inputMode="decimal"
                dir="ltr"
                defaultValue={keptValue(sent, 'cashTaken')}
                required
              />
            )}
          </FormField>
          <FormField id="change" label={t('rider.deliver.change')} error={errorOf(sent, 'change')}>
            {(field) => (
              <input
                {...field}
                name="change"
                inputMode="decimal"
                dir="ltr"
                defaultValue={keptValue(sent, 'change', '0')}
              />
            )}
          </FormField>
        </>
      )}
      <button type="submit">{t('rider.deliver.submit')}</button>
    </Form>
  );
}
