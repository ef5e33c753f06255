import type { MessageChannel } from '@malewa/contracts/operator/list-outbox';
import { ZRetryMessageParamsSchema } from '@malewa/contracts/operator/retry-message';
import { type RouterContextProvider, redirect } from 'react-router';
import { listOutbox, retryMessage } from '#app/features/operator/operator-api.server.ts';
import { momentOf, OPERATOR_PAGE_SIZE, pageOf } from '#app/features/operator/operator-format.ts';
import { ApiError } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import { apiFailure, type FieldWords, invalid, parseForm, textOf } from '#app/platform/forms/form.server.ts';
import type { FormOutcome } from '#app/platform/forms/form-outcome.ts';
import { numberFormat } from '#app/platform/i18n/intl-formats.ts';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { formattingTag } from '#app/platform/markets/formatting-tag.ts';
import { loadMe } from '#app/platform/session/me.server.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';

type Context = Readonly<RouterContextProvider>;

/** A retry's form: which message (its id, a hidden field). */
export interface RetryValues {
  message: string;
}
export type RetryOutcome = FormOutcome<RetryValues, never>;
const WORDS: FieldWords<never> = { fieldOf: () => 'form', messageOf: () => 'operator.outbox.error' };

/** A dead message as the page shows it: its moments on the operator's market's clock. */
export interface ShownMessage {
  id: string;
  channel: MessageChannel;
  recipient: string;
  template: string;
  attempts: string;
  lastError: string | null;
  queuedAt: string;
  givenUpAt: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** How long the oldest waiting message has waited, in the largest whole unit that says it (seconds to days). */
export function ageOf(ms: number, tag: string): string {
  const [value, unit] =
    ms < MINUTE
      ? [ms / 1000, 'second']
      : ms < HOUR
        ? [ms / MINUTE, 'minute']
        : ms < 48 * HOUR
          ? [ms / HOUR, 'hour']
          : [ms / (24 * HOUR), 'day'];
  return numberFormat(tag, { style: 'unit', unit, unitDisplay: 'long' }).format(Math.floor(value));
}

/**
 * `/operator/outbox`: how many messages wait and how long the oldest has, how many the outbox
 * gave up on, and those, the latest given up on first, a page at a time.
 */
export async function loadOutbox(url: URL, request: Request, context: Context) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const [me, outbox] = await signedInCall(url, () =>
    Promise.all([
      loadMe(context, request),
      listOutbox(context, request, { page: pageOf(url), perPage: OPERATOR_PAGE_SIZE }),
    ]),
  );
  const { market } = me.user;
  const tag = formattingTag(locale.iso, market);
  const count = numberFormat(tag);
  const { counts } = outbox;
  return {
    counts: {
      pending: count.format(counts.pending),
      dead: count.format(counts.dead),
      anyDead: counts.dead > 0,
      oldest: counts.oldestPendingAgeMs === null ? null : ageOf(counts.oldestPendingAgeMs, tag),
    },
    messages: outbox.data.map(
      (message): ShownMessage => ({
        id: message.id,
        channel: message.channel,
        recipient: message.recipient,
        template: message.template,
        attempts: count.format(message.attempts),
        lastError: message.lastError,
        queuedAt: momentOf(message.queuedAt, locale.iso, market),
        givenUpAt: momentOf(message.givenUpAt, locale.iso, market),
      }),
    ),
    page: outbox.meta.page,
    pages: outbox.meta.totalPages,
    title: `${t('operator.outbox.title')} | ${t('site.name')}`,
  };
}

/**
 * Sends a dead message again (the API logs it): back to the page it was on, saying so; one
 * retried meanwhile (by another operator) or pruned is said to be gone.
 */
export async function retryAction(url: URL, request: Request, context: Context) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const form = await request.formData();
  const values: RetryValues = { message: textOf(form, 'message') };
  const parsed = parseForm(ZRetryMessageParamsSchema, { id: values.message }, WORDS);
  if (!parsed.ok) return invalid(values, parsed.errors);
  const { id } = parsed.request;
  const page = pageOf(url);
  const back = `${localizePath('/operator/outbox', locale.code)}${page > 1 ? `?page=${page}` : ''}`;
  try {
    await signedInCall(url, () => retryMessage(context, request, id), { notFound: 'caller' });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      showToast(context, { type: 'info', title: t('operator.outbox.gone'), message: '' });
      throw redirect(back, 303);
    }
    return apiFailure(error, values, 'operator: retrying a message', WORDS);
  }
  showToast(context, {
    type: 'success',
    title: t('operator.outbox.retried'),
    message: t('operator.outbox.retriedHint'),
  });
  throw redirect(back, 303);
}
