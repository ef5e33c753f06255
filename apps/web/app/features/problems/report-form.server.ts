import type { OrderProblems } from '@malewa/contracts/orders/list-order-problems';
import { type ProblemReportInput, ZProblemReportSchema } from '@malewa/contracts/orders/problem';
import { PROBLEM_REASONS, type ProblemReason } from '@malewa/contracts/orders/problem-vocabulary';
import { reportProblemEndpoint } from '@malewa/contracts/orders/report-problem';
import { MAX_PHOTO_BYTES } from '@malewa/contracts/provider/listings';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { ApiError, problemOf } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import { apiFailure, invalid, parseForm, refused, textOf } from '#app/platform/forms/form.server.ts';
import type { FieldErrors } from '#app/platform/forms/form-outcome.ts';
import { isUuid } from '#app/platform/http/uuid.ts';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import type { MessageKey } from '#app/platform/i18n/translator.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';
import { listOrderProblems, reportProblem } from './problem-api.server.ts';
import { quantityField, type ReportField, type ReportValues, reasonField } from './report-fields.ts';

type Context = Readonly<RouterContextProvider>;

export async function loadReportPage(url: URL, request: Request, context: Context, orderId: string | undefined) {
  if (!orderId || !isUuid(orderId)) throw data(null, { status: 404 });
  const problems = await signedInCall(url, () => listOrderProblems(context, request, orderId));
  return { problems };
}

/** A quantity as typed: digits of any of our keyboards, a comma or a dot for decimals. */
function quantityOf(typed: string): number | undefined {
  const text = typed
    .trim()
    .replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => String((digit.codePointAt(0) ?? 0) & 0xf))
    .replace(/[٫,]/, '.');
  if (text === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : Number.NaN;
}

/** The form's values and the report it makes: every line given a quantity above 0. */
export function reportOf(form: FormData, lines: OrderProblems['lines']) {
  const values: ReportValues = { note: textOf(form, 'note', { trim: false }), quantities: {}, reasons: {} };
  const report = { lines: [] as ProblemReportInput['lines'], note: values.note };
  const errors: FieldErrors<ReportField> = {};
  for (const line of lines) {
    const typed = textOf(form, quantityField(line.id), { trim: false });
    const reason = textOf(form, reasonField(line.id));
    values.quantities[line.id] = typed;
    values.reasons[line.id] = reason;
    const quantity = quantityOf(typed);
    if (quantity === undefined || quantity === 0) continue;
    if (Number.isNaN(quantity) || quantity < 0 || quantity > line.quantity) {
      errors[`line:${line.id}`] = 'commerce.problem.error.quantity';
      continue;
    }
    if (!(PROBLEM_REASONS as readonly string[]).includes(reason)) {
      errors[`line:${line.id}`] = 'commerce.problem.error.reason';
      continue;
    }
    report.lines.push({ orderLineId: line.id, quantity, reason: reason as ProblemReason });
  }
  return { values, report, errors };
}

const REFUSALS = {
  not_delivered: 'commerce.problem.error.notDelivered',
  too_late: 'commerce.problem.error.tooLate',
} as const satisfies Record<string, MessageKey>;

/**
 * Sends the report (its photo as it came, checked here for size only: the API checks what it
 * is). Mistakes come back beside their lines with what was typed; a report the API refuses for
 * the order itself (not delivered, too late) says so above the form; a sent one goes back to
 * the order with a notice.
 */
export async function submitReport(url: URL, request: Request, context: Context, orderId: string | undefined) {
  if (!orderId || !isUuid(orderId)) throw data(null, { status: 404 });
  const locale = localeOfPath(url.pathname);
  const { lines } = await signedInCall(url, () => listOrderProblems(context, request, orderId));
  const form = await request.formData();
  const { values, report, errors } = reportOf(form, lines);
  const photo = form.get('photo');
  const photoFile = photo instanceof File && photo.size > 0 ? photo : null;
  if (photoFile && photoFile.size > MAX_PHOTO_BYTES) errors.photo = 'commerce.problem.error.photo';
  if (Object.keys(errors).length === 0 && report.lines.length === 0) errors.lines = 'commerce.problem.error.lines';
  const parsed = parseForm(ZProblemReportSchema, report, {
    fieldOf: (path) => (path.startsWith('note') ? 'note' : path.startsWith('lines') ? 'lines' : 'form'),
    messageOf: (field) =>
      field === 'note'
        ? 'commerce.problem.error.note'
        : field === 'lines'
          ? 'commerce.problem.error.lines'
          : 'commerce.error.failed',
  });
  // A line's own mistake is the one to mend first: the schema's would only repeat it.
  if (Object.keys(errors).length > 0) return invalid<ReportValues, ReportField>(values, errors);
  if (!parsed.ok) return invalid<ReportValues, ReportField>(values, parsed.errors);
  try {
    await signedInCall(url, () => reportProblem(context, request, orderId, parsed.request, photoFile));
  } catch (error) {
    const problem = problemOf(error, reportProblemEndpoint);
    if (problem?.code === 'not_delivered' || problem?.code === 'too_late') {
      return refused(values, REFUSALS[problem.code], 422);
    }
    if (problem?.code === 'above_bought' || problem?.code === 'not_a_line') {
      const errors: FieldErrors<ReportField> = {};
      errors[`line:${problem.orderLineId}`] = 'commerce.problem.error.quantity';
      return invalid<ReportValues, ReportField>(values, errors);
    }
    if (error instanceof ApiError && (error.status === 413 || error.status === 415)) {
      return invalid<ReportValues, ReportField>(values, { photo: 'commerce.problem.error.photo' });
    }
    return apiFailure(error, values, 'problem report');
  }
  const t = translatorFor(locale.code);
  showToast(context, { type: 'success', title: t('commerce.problem.sent'), message: '' });
  throw redirect(localizePath(`/account/orders/${orderId}`, locale.code));
}
