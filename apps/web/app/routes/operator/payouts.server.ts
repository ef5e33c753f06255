import { randomUUID } from 'node:crypto';
import { COUNTRY_CODES } from '@malewa/contracts/country-codes';
import { MARKET_CURRENCY } from '@malewa/contracts/currencies';
import type { CountryCode } from '@malewa/contracts/markets';
import {
  type PayoutLine,
  recordPayoutsEndpoint,
  ZPayoutsQuerySchema,
  ZRecordPayoutsRequestSchema,
} from '@malewa/contracts/operator/payouts';
import { IDEMPOTENCY_KEY_PATTERN } from '@malewa/contracts/request-headers';
import { type RouterContextProvider, redirect } from 'react-router';
import { csvField, csvOf } from '#app/features/ledger/csv.ts';
import { listPayouts, recordPayouts } from '#app/features/ledger/ledger-api.server.ts';
import { monthToYesterday, type Period, periodOf } from '#app/features/ledger/period.ts';
import { oneOf } from '#app/features/operator/operator-format.ts';
import { ApiError, problemOf } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import { invalid, refused, textOf } from '#app/platform/forms/form.server.ts';
import type { FormOutcome } from '#app/platform/forms/form-outcome.ts';
import { isUuid } from '#app/platform/http/uuid.ts';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { formattingTag } from '#app/platform/markets/formatting-tag.ts';
import { formatMoney } from '#app/platform/money/format-money.ts';
import { majorOf } from '#app/platform/money/minor-units.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';

type Context = Readonly<RouterContextProvider>;

/** What the "record as paid" form keeps when it is refused: the shops ticked. */
export interface PayoutValues {
  pay: string[];
}
/** The shop a refusal is about (`amount_changed`, `already_paid`), to name it and mark its row. */
export interface PayoutDetails {
  shopId: string;
  /** As the page listed it (`name-<shopId>`): a shop paid since may no longer be in the list. */
  shop: string;
}
export type PayoutsOutcome = FormOutcome<PayoutValues, 'pay', true, PayoutDetails>;

/**
 * The market and period asked for (`?countryCode=&from=&to=`): South Africa and this month up to
 * yesterday on the market's clock by default (a period that has ended: what is owed at its end
 * no longer moves). A period that is not one is shown as typed with an error, the default's list below.
 */
export function payoutsScopeOf(url: URL, now = new Date()) {
  const market: CountryCode = oneOf(url.searchParams.get('countryCode'), COUNTRY_CODES) ?? 'ZA';
  const { period, asked, invalid } = periodOf(
    url,
    monthToYesterday(market, now),
    (range) => ZPayoutsQuerySchema.safeParse({ countryCode: market, ...range }).success,
  );
  return { market, period, asked, invalid };
}

/** The market's payouts for the period, through the API. */
export async function loadPayouts(url: URL, request: Request, context: Context) {
  const { market, period, asked, invalid } = payoutsScopeOf(url);
  const lines = await signedInCall(url, () => listPayouts(context, request, { countryCode: market, ...period }));
  return { market, period, asked, invalid, lines };
}

/**
 * The unpaid payouts as a bulk payment file (a bank's or a mobile-money provider's upload): one
 * shop a row, the amount in major units of the market's currency, the period as an ISO interval
 * (the payment's reference). Shops already paid for this period end are left out.
 */
export function payoutsCsv(lines: readonly PayoutLine[], period: Period): string {
  return csvOf([
    ['shop_name', 'shop_id', 'amount', 'currency', 'period'],
    ...lines
      .filter((line) => !line.paid)
      .map((line) => [
        csvField(line.shop.name),
        line.shop.id,
        csvField(majorOf(line.amount.amount, line.amount.currency), { number: true }),
        line.amount.currency,
        `${period.from}/${period.to}`,
      ]),
  ]);
}

/** A key for one "record as paid" form, made when the page is drawn: sending it twice records once. */
export function newPayoutKey(): string {
  return randomUUID();
}

/**
 * "Record as paid": the ticked shops with the amounts the page listed (`amount-<shopId>`, minor
 * units; `name-<shopId>` to name it in a refusal), under the key the page was drawn with. Refusals say which shop and why; the page's
 * list is loaded again beside them, with a new key.
 */
export async function recordPayoutsAction(url: URL, request: Request, context: Context) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const form = await request.formData();
  const pay = form.getAll('pay').map(String).filter(isUuid);
  const values: PayoutValues = { pay };
  const market = oneOf(textOf(form, 'countryCode'), COUNTRY_CODES);
  const key = textOf(form, 'idempotencyKey');
  if (pay.length === 0) return invalid<PayoutValues, 'pay'>(values, { pay: 'operator.payouts.error.none' });
  const parsed = ZRecordPayoutsRequestSchema.safeParse({
    countryCode: market,
    from: textOf(form, 'from'),
    to: textOf(form, 'to'),
    payouts: pay.map((shopId) => {
      const amount = textOf(form, `amount-${shopId}`);
      return { shopId, amount: /^\d{1,13}$/.test(amount) ? Number(amount) : Number.NaN };
    }),
  });
  if (!parsed.success || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    // Hidden fields only: a page drawn before a change, or a hand-made post. Draw it again.
    return invalid<PayoutValues, 'pay'>(values, { form: 'operator.payouts.error.stale' });
  }
  const batch = parsed.data;
  try {
    await signedInCall(url, () => recordPayouts(context, request, key, batch));
  } catch (error) {
    const problem = problemOf(error, recordPayoutsEndpoint);
    if (problem?.code === 'amount_changed' || problem?.code === 'already_paid') {
      const reason =
        problem.code === 'amount_changed' ? 'operator.payouts.error.changed' : 'operator.payouts.error.paid';
      const shop = textOf(form, `name-${problem.shopId}`) || problem.shopId;
      return refused<PayoutValues, PayoutDetails>(values, reason, 422, { details: { shopId: problem.shopId, shop } });
    }
    if (problem?.code === 'key_reused') return refused(values, 'operator.payouts.error.stale', 422);
    if (error instanceof ApiError && error.status === 409) return refused(values, 'operator.payouts.error.busy', 409);
    throw error;
  }
  const currency = MARKET_CURRENCY[batch.countryCode];
  const total = batch.payouts.reduce((sum, payout) => sum + payout.amount, 0);
  showToast(context, {
    type: 'success',
    title: t('operator.payouts.recorded', {
      count: batch.payouts.length,
      total: formatMoney(total, currency, formattingTag(locale.iso, batch.countryCode)),
    }),
    message: '',
  });
  const back = new URLSearchParams({ countryCode: batch.countryCode, from: batch.from, to: batch.to });
  throw redirect(`${localizePath('/operator/payouts', locale.code)}?${back}`, 303);
}
