import { MARKET_TIME_ZONES } from '@malewa/contracts/country-codes';
import { CURRENCY_MARKET, type CurrencyCode } from '@malewa/contracts/currencies';
import { deliverJobEndpoint } from '@malewa/contracts/delivery/deliver-job';
import type { RiderJob } from '@malewa/contracts/delivery/rider-job';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { isChatForm, loadOrderChat, submitChatForm } from '#app/features/chat/chat.server.ts';
import {
  acceptJob,
  declineJob,
  deliverJob,
  listRiderJobs,
  pickUpJob,
  setShift,
} from '#app/features/rider/rider-api.server.ts';
import { ApiError, problemOf } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import { apiFailure, invalid, refused, textOf, valuesOf } from '#app/platform/forms/form.server.ts';
import type { FieldErrors } from '#app/platform/forms/form-outcome.ts';
import { isUuid } from '#app/platform/http/uuid.ts';
import { dateTimeFormat } from '#app/platform/i18n/intl-formats.ts';
import { localeOfPath } from '#app/platform/i18n/locales.ts';
import { pageMessageBundle, translatorFor } from '#app/platform/i18n/messages.server.ts';
import type { MessageKey } from '#app/platform/i18n/translator.ts';
import { formattingTag } from '#app/platform/markets/formatting-tag.ts';
import { minorOf } from '#app/platform/money/minor-units.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';

type Context = Readonly<RouterContextProvider>;

/** The forms of the rider's page (besides the chat's): each names its job. */
export const RIDER_INTENTS = ['shift', 'accept', 'decline', 'picked-up', 'deliver'] as const;
export type RiderIntent = (typeof RIDER_INTENTS)[number];

/** The handover form as typed: the code, and for cash what was taken and the change given. */
export interface DeliverValues {
  job: string;
  code: string;
  cashTaken: string;
  change: string;
}
export type DeliverField = Exclude<keyof DeliverValues, 'job'>;
/** Said above the form after a wrong code: how many tries are left. */
export interface DeliverDetails {
  triesLeft?: number;
}

const marketOf = (job: RiderJob) =>
  CURRENCY_MARKET[(job.cash?.due.currency ?? 'ZAR') as CurrencyCode] ?? CURRENCY_MARKET.ZAR;

/**
 * The rider's page: their shift, the job they carry (with its chat) or the jobs offered to
 * them, times written on the market's clock in the page's language.
 */
export async function loadRiderPage(url: URL, request: Request, context: Context) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const jobs = await signedInCall(url, () => listRiderJobs(context, request));
  const current = jobs.current;
  const chat = current
    ? await loadOrderChat(url, context, request, {
        orderId: current.orderId,
        language: locale.iso,
        countryCode: marketOf(current),
      })
    : null;
  const answerBy = (job: RiderJob) => {
    if (!job.offerExpiresAt) return null;
    const market = marketOf(job);
    const time = dateTimeFormat(formattingTag(locale.iso, market), {
      timeStyle: 'short',
      timeZone: MARKET_TIME_ZONES[market],
    });
    return time.format(new Date(job.offerExpiresAt));
  };
  return {
    rider: jobs.rider,
    current,
    offers: jobs.offers.map((job) => ({ ...job, answerBy: answerBy(job) })),
    chat,
    messageBundles: [pageMessageBundle.rider(locale.code), pageMessageBundle.chat(locale.code)],
    title: `${t('rider.title')} | ${t('site.name')}`,
  };
}

const isIntent = (value: string): value is RiderIntent => (RIDER_INTENTS as readonly string[]).includes(value);

/** What each refusal of the API means to a rider, by its problem or status. */
function refusalOf(error: ApiError): MessageKey {
  const problem = (error.problem as { code?: string } | undefined)?.code;
  if (problem === 'gone') return 'rider.error.gone';
  if (problem === 'not_ready') return 'rider.error.notReady';
  if (problem === 'offered_elsewhere') return 'rider.error.gone';
  if (error.status === 404) return 'rider.error.gone';
  return 'rider.error.conflict';
}

/**
 * The rider's forms: shift on or off, take or refuse an offer, picked up, and the handover.
 * Done, each comes back to the page with a toast (a reload posts nothing twice); refused, it
 * says why above the job, the handover's code and cash beside their fields, kept as typed.
 */
export async function submitRiderForm(url: URL, request: Request, context: Context) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const form = await request.formData();
  const here = `${url.pathname}${url.search}`;
  const job = textOf(form, 'job');
  if (isChatForm(form)) {
    const orderId = textOf(form, 'order');
    return submitChatForm(url, context, request, form, { orderId, returnTo: `${here}#chat-${orderId}` });
  }
  const intent = textOf(form, 'intent');
  if (!isIntent(intent)) throw data(null, { status: 400 });
  if (intent !== 'shift' && !isUuid(job)) throw data(null, { status: 400 });
  const values = valuesOf(form, ['job', 'code', 'cashTaken', 'change'] as const);
  const extra = { intent };
  const doneWith = (message: MessageKey) => {
    showToast(context, { type: 'success', title: t(message), message: '' });
    return redirect(here, 303);
  };
  try {
    switch (intent) {
      case 'shift': {
        const onShift = textOf(form, 'onShift') === 'true';
        await signedInCall(url, () => setShift(context, request, onShift));
        return doneWith(onShift ? 'rider.done.onShift' : 'rider.done.offShift');
      }
      case 'accept':
        await signedInCall(url, () => acceptJob(context, request, job), { notFound: 'caller' });
        return doneWith('rider.done.taken');
      case 'decline':
        await signedInCall(url, () => declineJob(context, request, job), { notFound: 'caller' });
        return doneWith('rider.done.declined');
      case 'picked-up':
        await signedInCall(url, () => pickUpJob(context, request, job), { notFound: 'caller' });
        return doneWith('rider.done.pickedUp');
      case 'deliver':
        return await handOver(url, request, context, values, textOf(form, 'currency'), () =>
          doneWith('rider.done.delivered'),
        );
    }
  } catch (error) {
    if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
      return refused(values, refusalOf(error), error.status, extra);
    }
    return apiFailure(error, values, `The rider's ${intent}`, undefined, extra);
  }
}

/**
 * The handover: the code (4 digits) and, for a cash order (the form names its currency), what
 * was taken and the change given, typed in major units. The API checks they add up.
 */
async function handOver(
  url: URL,
  request: Request,
  context: Context,
  values: DeliverValues,
  cashCurrency: string,
  done: () => Response,
) {
  const extra = { intent: 'deliver' };
  const errors: FieldErrors<DeliverField> = {};
  const code = values.code.replace(/\s/g, '');
  if (!/^\d{4}$/.test(code)) errors.code = 'rider.error.code';
  let cash: { taken: number; change: number } | undefined;
  if (cashCurrency) {
    const taken = minorOf(values.cashTaken, cashCurrency);
    const change = minorOf(values.change || '0', cashCurrency, { zero: true });
    if (taken === undefined) errors.cashTaken = 'rider.error.amount';
    if (change === undefined) errors.change = 'rider.error.amount';
    if (taken !== undefined && change !== undefined) cash = { taken, change };
  }
  if (Object.keys(errors).length > 0) return invalid(values, errors, extra);
  try {
    await signedInCall(url, () => deliverJob(context, request, values.job, { code, ...(cash ? { cash } : {}) }), {
      notFound: 'caller',
    });
  } catch (error) {
    const problem = problemOf(error, deliverJobEndpoint);
    if (problem?.code === 'wrong_code') {
      return invalid<DeliverValues, DeliverField, DeliverDetails>(
        { ...values, code: '' },
        { code: problem.triesLeft > 0 ? 'rider.deliver.wrongCode' : 'rider.deliver.locked' },
        { ...extra, details: { triesLeft: problem.triesLeft }, status: 422 },
      );
    }
    if (problem?.code === 'code_locked') return refused(values, 'rider.deliver.locked', 409, extra);
    if (problem?.code === 'cash_mismatch') {
      return invalid(values, { cashTaken: 'rider.deliver.cashMismatch' }, { ...extra, status: 422 });
    }
    throw error;
  }
  return done();
}
