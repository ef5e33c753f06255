import { MARKET_TIME_ZONES } from '@malewa/contracts/country-codes';
import { CURRENCY_MARKET, type CurrencyCode } from '@malewa/contracts/currencies';
import { resolveProblemEndpoint } from '@malewa/contracts/operator/resolve-problem';
import { type OrderProblem, ZResolveProblemRequestSchema } from '@malewa/contracts/orders/problem';
import { REFUND_DESTINATIONS, type RefundDestination } from '@malewa/contracts/orders/problem-vocabulary';
import { type RouterContextProvider, redirect } from 'react-router';
import { problemOf } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import { apiFailure, invalid, refused, textOf, valuesOf } from '#app/platform/forms/form.server.ts';
import type { FormOutcome } from '#app/platform/forms/form-outcome.ts';
import { isUuid } from '#app/platform/http/uuid.ts';
import { dateTimeFormat } from '#app/platform/i18n/intl-formats.ts';
import { localeOfPath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { formattingTag } from '#app/platform/markets/formatting-tag.ts';
import { formatMoney } from '#app/platform/money/format-money.ts';
import { majorOf, minorOf } from '#app/platform/money/minor-units.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';
import { listConsoleProblems, type ProblemConsole, resolveConsoleProblem } from './problem-api.server.ts';

type Context = Readonly<RouterContextProvider>;

const RESOLVE_FIELDS = ['refund', 'to', 'note'] as const;
export type ResolveField = (typeof RESOLVE_FIELDS)[number];
export type ResolveValues = Record<ResolveField, string>;
/** `intent` is the problem's id: the outcome shows beside that problem's form. `cap` on `above_cap`. */
export type ResolveOutcome = FormOutcome<ResolveValues, ResolveField, true, { cap: string }>;

/** A problem as the consoles show it: its money and time written on the server, in the page's language. */
export function presentForConsole(problem: OrderProblem, language: string, console: ProblemConsole) {
  const market = CURRENCY_MARKET[problem.refund.currency as CurrencyCode];
  const tag = formattingTag(language, market);
  const money = (amount: number) => formatMoney(amount, problem.refund.currency, tag);
  const when = dateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short', timeZone: MARKET_TIME_ZONES[market] });
  return {
    id: problem.id,
    orderId: problem.orderId,
    shop: problem.shop.name,
    status: problem.status,
    reportedAt: when.format(new Date(problem.reportedAt)),
    note: problem.note,
    photo: problem.photo ? `/${console}/problems/${problem.id}/photo` : null,
    lines: problem.lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      bought: line.bought,
      reason: line.reason,
      total: money(line.total.amount),
    })),
    paymentMethod: problem.order.paymentMethod,
    total: money(problem.order.total.amount),
    refund: problem.refund.amount > 0 ? money(problem.refund.amount) : null,
    refundTo: problem.refundTo,
    resolution: problem.resolution,
    currency: problem.refund.currency,
    refundable: {
      method: problem.refundable.method.amount,
      credit: problem.refundable.credit.amount,
      methodText: money(problem.refundable.method.amount),
      creditText: money(problem.refundable.credit.amount),
      /** The most, in major units, as the amount field takes it. */
      creditMajor: majorOf(problem.refundable.credit.amount, problem.refund.currency),
    },
  };
}
export type ConsoleProblem = ReturnType<typeof presentForConsole>;

/** The console's page of problems, open first: a shop's (`shop`) or, for operators, every shop's. */
export async function loadConsoleProblems(
  url: URL,
  request: Request,
  context: Context,
  console: ProblemConsole,
  shop?: string,
) {
  const locale = localeOfPath(url.pathname);
  const page = Number(url.searchParams.get('page') ?? '1');
  const list = await signedInCall(url, () =>
    listConsoleProblems(context, request, console, {
      ...(shop ? { shop } : {}),
      page: Number.isSafeInteger(page) && page > 0 ? page : 1,
    }),
  );
  return {
    problems: list.data.map((problem) => presentForConsole(problem, locale.iso, console)),
    meta: list.meta,
  };
}

/**
 * A resolution as the console's form sends it: the amount in major units as the page's
 * language writes it, where it goes, a note. The API judges the cap; its refusal comes back
 * beside the amount, with the cap written out.
 */
export async function submitResolution(url: URL, request: Request, context: Context, console: ProblemConsole) {
  const locale = localeOfPath(url.pathname);
  const form = await request.formData();
  const id = textOf(form, 'problem');
  if (!isUuid(id)) return refused(valuesOf(form, RESOLVE_FIELDS), 'commerce.error.failed', 400);
  const values = valuesOf(form, RESOLVE_FIELDS);
  const currency = textOf(form, 'currency');
  const extra = { intent: id };
  const refund = minorOf(values.refund, currency, { zero: true });
  const to = (REFUND_DESTINATIONS as readonly string[]).includes(values.to) ? (values.to as RefundDestination) : null;
  const parsed = ZResolveProblemRequestSchema.safeParse({
    refund,
    to,
    ...(values.note.trim() ? { note: values.note.trim() } : {}),
  });
  if (refund === undefined || !to || !parsed.success) {
    return invalid<ResolveValues, ResolveField>(
      values,
      {
        ...(refund === undefined ? { refund: 'provider.problems.error.amount' as const } : {}),
        ...(to ? {} : { to: 'provider.problems.error.to' as const }),
        ...(refund !== undefined && to && !parsed.success ? { note: 'provider.problems.error.note' as const } : {}),
      },
      extra,
    );
  }
  try {
    await signedInCall(url, () => resolveConsoleProblem(context, request, console, id, parsed.data), {
      notFound: 'caller',
    });
  } catch (error) {
    const problem = problemOf(error, resolveProblemEndpoint);
    if (problem?.code === 'above_cap') {
      const tag = formattingTag(locale.iso, CURRENCY_MARKET[problem.cap.currency]);
      return invalid<ResolveValues, ResolveField, { cap: string }>(
        values,
        { refund: 'provider.problems.error.cap' },
        { ...extra, details: { cap: formatMoney(problem.cap.amount, problem.cap.currency, tag) } },
      );
    }
    if (problem?.code === 'no_method') return refused(values, 'provider.problems.error.noMethod', 422, extra);
    if (problem?.code === 'already_resolved') return refused(values, 'provider.problems.error.resolved', 409, extra);
    return apiFailure(error, values, 'problem resolution', undefined, extra);
  }
  const t = translatorFor(locale.code);
  showToast(context, { type: 'success', title: t('provider.problems.resolved'), message: '' });
  throw redirect(`${url.pathname}${url.search}`);
}
