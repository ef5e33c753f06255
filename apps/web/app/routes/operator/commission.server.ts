import { COUNTRY_CODES, MARKET_TIME_ZONES } from '@malewa/contracts/country-codes';
import type { CountryCode } from '@malewa/contracts/markets';
import { type CommissionRate, ZSetCommissionRateRequestSchema } from '@malewa/contracts/operator/commission-rates';
import { addDays, instantOf, marketDay } from '@malewa/contracts/zoned-time';
import { type RouterContextProvider, redirect } from 'react-router';
import { listCommissionRates, setCommissionRate } from '#app/features/ledger/ledger-api.server.ts';
import { oneOf } from '#app/features/operator/operator-format.ts';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import { type FieldWords, invalid, parseForm, textOf, valuesOf } from '#app/platform/forms/form.server.ts';
import type { FieldErrors, FormOutcome } from '#app/platform/forms/form-outcome.ts';
import { isUuid } from '#app/platform/http/uuid.ts';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import type { MessageKey } from '#app/platform/i18n/translator.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';

type Context = Readonly<RouterContextProvider>;

/** The new rate's form as typed: the rate in percent, from a `datetime-local` on the market's clock. */
export interface RateValues {
  countryCode: string;
  service: string;
  shopId: string;
  rate: string;
  validFrom: string;
}
export type RateField = keyof RateValues;
export type RateOutcome = FormOutcome<RateValues, RateField>;
const FIELDS = ['countryCode', 'service', 'shopId', 'rate', 'validFrom'] as const;

const MESSAGES: Record<RateField | 'form', MessageKey> = {
  countryCode: 'operator.commission.error.form',
  service: 'operator.commission.error.form',
  shopId: 'operator.commission.error.shop',
  rate: 'operator.commission.error.rate',
  validFrom: 'operator.commission.error.validFrom',
  form: 'operator.commission.error.form',
};
const words: FieldWords<RateField> = {
  fieldOf: (path) => {
    const field = path === 'rateBp' ? 'rate' : path;
    return (FIELDS as readonly string[]).includes(field) ? (field as RateField) : 'form';
  },
  messageOf: (field) => MESSAGES[field],
};

/**
 * A rate typed in percent, up to two decimals, with a dot or a comma ("15", "12.5", "7,25 %")
 * → basis points (1250), counted exactly; undefined when it is not one from 0 to 100 %.
 */
export function basisPointsOf(typed: string): number | undefined {
  const text = typed
    .replace(/[\s%٪]/g, '')
    // Arabic-Indic digits, as Arabic keyboards type them.
    .replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => String((digit.codePointAt(0) ?? 0) & 0xf));
  const match = /^(\d{1,3})(?:[.,٫](\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bp <= 10_000 ? bp : undefined;
}

/** Which rates apply: the latest started one of each service or shop, those to come, those replaced. */
export type RateState = 'current' | 'upcoming' | 'replaced';

/** Each rate's state at `now`: of a service's (or a shop's) rates, the latest that has started applies. */
export function rateStates(rates: readonly CommissionRate[], now = new Date()): Map<string, RateState> {
  const current = new Map<string, CommissionRate>();
  for (const rate of rates) {
    if (Date.parse(rate.validFrom) > now.getTime()) continue;
    const scope = `${rate.service}:${rate.shop?.id ?? ''}`;
    const kept = current.get(scope);
    if (!kept || rate.validFrom > kept.validFrom) current.set(scope, rate);
  }
  const applying = new Set([...current.values()].map((rate) => rate.id));
  return new Map(
    rates.map((rate) => [
      rate.id,
      applying.has(rate.id) ? 'current' : Date.parse(rate.validFrom) > now.getTime() ? 'upcoming' : 'replaced',
    ]),
  );
}

/** The market asked for (`?countryCode=`), South Africa by default. */
export function marketOf(url: URL): CountryCode {
  return oneOf(url.searchParams.get('countryCode'), COUNTRY_CODES) ?? 'ZA';
}

/** A new rate's form, blank: from the next midnight on the market's clock. */
export function freshRateValues(market: CountryCode, now = new Date()): RateValues {
  return {
    countryCode: market,
    service: 'food',
    shopId: '',
    rate: '',
    validFrom: `${addDays(marketDay(market, now), 1)}T00:00`,
  };
}

/** `/operator/commission?countryCode=`: the market's rates, newest first. */
export async function loadCommission(url: URL, request: Request, context: Context) {
  const market = marketOf(url);
  const rates = await signedInCall(url, () => listCommissionRates(context, request, market));
  return { market, rates, states: rateStates(rates), values: freshRateValues(market) };
}

/** Adds a rate (the API audits it); a shop id that is not one of the market's service is refused beside its field. */
export async function addRateAction(url: URL, request: Request, context: Context) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const form = await request.formData();
  const values = valuesOf(form, FIELDS);
  const market = oneOf(values.countryCode.trim(), COUNTRY_CODES);
  const shopId = textOf(form, 'shopId');
  const errors: FieldErrors<RateField> = {};
  const rateBp = basisPointsOf(values.rate.trim());
  if (rateBp === undefined) errors.rate = MESSAGES.rate;
  const validFrom = market ? instantOf(values.validFrom.trim(), MARKET_TIME_ZONES[market]) : undefined;
  if (!validFrom) errors.validFrom = MESSAGES.validFrom;
  if (shopId !== '' && !isUuid(shopId)) errors.shopId = MESSAGES.shopId;
  const parsed = parseForm(
    ZSetCommissionRateRequestSchema,
    {
      countryCode: market,
      service: textOf(form, 'service'),
      ...(shopId === '' ? {} : { shopId }),
      rateBp: rateBp ?? -1,
      validFrom: validFrom ?? '',
    },
    words,
  );
  if (!parsed.ok || Object.keys(errors).length > 0) {
    return invalid(values, { ...(parsed.ok ? {} : parsed.errors), ...errors });
  }
  const rate = parsed.request;
  try {
    await signedInCall(url, () => setCommissionRate(context, request, rate), { notFound: 'caller' });
  } catch (error) {
    // No such shop, or not of this market and service.
    if (error instanceof ApiError && error.status === 404) return invalid(values, { shopId: MESSAGES.shopId });
    throw error;
  }
  showToast(context, { type: 'success', title: t('operator.commission.saved'), message: '' });
  throw redirect(`${localizePath('/operator/commission', locale.code)}?countryCode=${rate.countryCode}`, 303);
}
