import type { MessageKey, Translate } from '../i18n/translator.ts';
import type { ToastType } from './toast-store.ts';

/**
 * A form's alert area (docs/product/errors.md, form alerts): what went wrong with the last
 * submission, shown above the form. Cleared before each submission; a request-setup failure
 * (the browser could not reach the server) is cleared after ALERT_CLEAR_MS.
 */
export interface FormAlert {
  type: ToastType;
  title?: string | undefined;
  lines: AlertLine[];
  /** Cleared from sight after ALERT_CLEAR_MS (the request-setup failure). */
  transient?: boolean | undefined;
}

/** One line of an alert; `field` names the control it is about, so the line can lead to it. */
export interface AlertLine {
  field?: string | undefined;
  text: string;
}

export const ALERT_CLEAR_MS = 1000;

/** API errors: `{ message }` for a general failure, `{ field: [messages] }` for fields (docs/product/errors.md). */
export type ErrorsObject = Record<string, string | readonly string[] | undefined>;

/**
 * The error alert: a single message when the error has a `message`; otherwise each field with
 * its messages joined. `labelOf` turns a field's name into its visible label.
 */
export function alertLines(
  errors: ErrorsObject,
  labelOf: (field: string) => string = (field) => field,
  separator = ' ',
): AlertLine[] {
  if (typeof errors.message === 'string' && errors.message.trim() !== '') return [{ text: errors.message }];
  const lines: AlertLine[] = [];
  for (const [field, value] of Object.entries(errors)) {
    const messages = (typeof value === 'string' ? [value] : (value ?? [])).filter((m) => m.trim() !== '');
    if (messages.length > 0) lines.push({ field, text: `${labelOf(field)}: ${messages.join(separator)}` });
  }
  return lines;
}

/**
 * True when a submission never reached the server: `fetch` rejects with a TypeError when the
 * network is down or the address cannot be reached, and with an AbortError when it was
 * cancelled (which is not a failure to report).
 */
export function isRequestSetupFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

/**
 * The alert of a form whose fields were refused: under `title`, the general message first when
 * there is one (`form`), then each field with its label and message.
 */
export function invalidFormAlert(
  t: Translate,
  title: MessageKey,
  errors: Partial<Record<string, MessageKey>>,
  labels: Partial<Record<string, MessageKey>>,
): FormAlert {
  const { form, ...fields } = errors;
  const messages = Object.fromEntries(
    Object.entries(fields).flatMap(([field, key]) => (key ? [[field, [t(key)]]] : [])),
  );
  const labelOf = (field: string) => {
    const label = labels[field];
    return label ? t(label) : field;
  };
  const lines = alertLines(messages, labelOf);
  return { type: 'error', title: t(title), lines: form ? [{ text: t(form) }, ...lines] : lines };
}

/** The request-setup failure (docs/product/errors.md): the browser could not reach the server; it clears itself. */
export function networkErrorAlert(t: Translate): FormAlert {
  return {
    type: 'error',
    title: t('feedback.network.title'),
    lines: [{ text: t('feedback.network.message') }],
    transient: true,
  };
}
