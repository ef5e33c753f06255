import { COUNTRY_CODES } from '@malewa/contracts/country-codes';
import { CURRENCY_MARKET, MARKET_CURRENCY } from '@malewa/contracts/currencies';
import { grantCreditEndpoint, ZGrantCreditRequestSchema } from '@malewa/contracts/operator/grant-credit';
import { type RouterContextProvider, redirect } from 'react-router';
import { grantCredit } from '#app/features/ledger/ledger-api.server.ts';
import { oneOf } from '#app/features/operator/operator-format.ts';
import { ApiError, problemOf } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import { apiFailure, type FieldWords, invalid, parseForm, valuesOf } from '#app/platform/forms/form.server.ts';
import type { FieldErrors, FormOutcome } from '#app/platform/forms/form-outcome.ts';
import { isUuid } from '#app/platform/http/uuid.ts';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import type { MessageKey } from '#app/platform/i18n/translator.ts';
import { formattingTag } from '#app/platform/markets/formatting-tag.ts';
import { formatMoney } from '#app/platform/money/format-money.ts';
import { minorOf } from '#app/platform/money/minor-units.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';

type Context = Readonly<RouterContextProvider>;

/**
 * Goodwill credit as typed: the account's market (its currency: the API takes minor units of
 * the account's currency, so the amount is read in that currency's), the amount in major units.
 */
export interface CreditValues {
  countryCode: string;
  accountId: string;
  amount: string;
  reason: string;
}
export type CreditField = keyof CreditValues;
export type CreditOutcome = FormOutcome<CreditValues, CreditField>;
const FIELDS = ['countryCode', 'accountId', 'amount', 'reason'] as const;

const MESSAGES: Record<CreditField | 'form', MessageKey> = {
  countryCode: 'operator.credit.error.market',
  accountId: 'operator.credit.error.account',
  amount: 'operator.credit.error.amount',
  reason: 'operator.error.reason',
  form: 'operator.credit.error.form',
};
const words: FieldWords<CreditField> = {
  fieldOf: (path) => ((FIELDS as readonly string[]).includes(path) ? (path as CreditField) : 'form'),
  messageOf: (field) => MESSAGES[field],
};

/** A blank form: the market is chosen each time, since the amount is read in its currency. */
export const FRESH_CREDIT: CreditValues = { countryCode: '', accountId: '', amount: '', reason: '' };

/** Gives the credit; an account not found, or an amount or reason refused, comes back beside its field. */
export async function grantCreditAction(url: URL, request: Request, context: Context) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const form = await request.formData();
  const values = valuesOf(form, FIELDS);
  const market = oneOf(values.countryCode.trim(), COUNTRY_CODES);
  const accountId = values.accountId.trim();
  const errors: FieldErrors<CreditField> = {};
  if (!market) errors.countryCode = MESSAGES.countryCode;
  if (!isUuid(accountId)) errors.accountId = MESSAGES.accountId;
  const amount = market ? minorOf(values.amount, MARKET_CURRENCY[market]) : undefined;
  if (amount === undefined) errors.amount = MESSAGES.amount;
  const parsed = parseForm(
    ZGrantCreditRequestSchema,
    { amount: amount ?? 0, currency: market ? MARKET_CURRENCY[market] : 'ZAR', reason: values.reason },
    words,
  );
  if (!parsed.ok || Object.keys(errors).length > 0 || !market) {
    return invalid(values, { ...(parsed.ok ? {} : parsed.errors), ...errors });
  }
  const credit = parsed.request;
  let granted: Awaited<ReturnType<typeof grantCredit>>;
  try {
    granted = await signedInCall(url, () => grantCredit(context, request, accountId, credit), { notFound: 'caller' });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return invalid(values, { accountId: MESSAGES.accountId });
    // The account's credit is in another market's currency: nothing was given; choose that market.
    if (error instanceof ApiError && problemOf(error, grantCreditEndpoint)?.code === 'currency') {
      return invalid(values, { countryCode: 'operator.credit.error.currency' });
    }
    if (error instanceof ApiError && error.status === 400) return apiFailure(error, values, 'operator: credit', words);
    throw error;
  }
  const tag = formattingTag(locale.iso, CURRENCY_MARKET[granted.currency]);
  const balance = formatMoney(granted.balanceMinor, granted.currency, tag);
  showToast(context, { type: 'success', title: t('operator.credit.given', { balance }), message: '' });
  throw redirect(localizePath('/operator/credit', locale.code), 303);
}
