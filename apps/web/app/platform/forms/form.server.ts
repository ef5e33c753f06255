import { data } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '../api-client/api-client.server.ts';
import type { MessageKey } from '../i18n/translator.ts';
import type { FieldErrors, FormOutcome } from './form-outcome.ts';

/** A form field as text ('' when absent or a file); trimmed unless `{ trim: false }`. */
export function textOf(form: FormData, name: string, { trim = true } = {}): string {
  const value = form.get(name);
  if (typeof value !== 'string') return '';
  return trim ? value.trim() : value;
}

/** The named fields as typed (untrimmed: they go back into the form as they were). */
export function valuesOf<F extends string>(form: FormData, fields: readonly F[]): Record<F, string> {
  return Object.fromEntries(fields.map((field) => [field, textOf(form, field, { trim: false })])) as Record<F, string>;
}

/** How a form names its fields and says their problems, for the errors of a schema or the API. */
export interface FieldWords<Field extends string> {
  /** The form's field for a path of the request (`credential.secret` → `newPassword`); undefined to skip. */
  fieldOf: (path: string) => Field | 'form' | undefined;
  /** The message beside `field` for the rule it broke (the schema's or the API's own words). */
  messageOf: (field: Field | 'form', message: string) => MessageKey;
}

/** The first problem of each field of a failed parse, in the form's words. */
export function schemaErrors<Field extends string>(error: z.ZodError, words: FieldWords<Field>): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of error.issues) {
    const field = words.fieldOf(issue.path.join('.'));
    if (field && !errors[field]) errors[field] = words.messageOf(field, issue.message);
  }
  return errors;
}

/**
 * A form's input checked with a contract's request schema before anything is sent: the request,
 * or the field errors in the form's words (the API would refuse it with the same rules).
 */
export function parseForm<S extends z.ZodType, Field extends string>(
  schema: S,
  input: unknown,
  words: FieldWords<Field>,
): { ok: true; request: z.infer<S> } | { ok: false; errors: FieldErrors<Field> } {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, request: parsed.data };
  const errors = schemaErrors(parsed.error, words);
  if (Object.keys(errors).length === 0) errors.form = words.messageOf('form', '');
  return { ok: false, errors };
}

/** An invalid submission: its errors beside its fields, what was typed kept, as a 400. */
export function invalid<Values, Field extends string, Details = undefined>(
  values: Values,
  errors: FieldErrors<Field>,
  extra: { intent?: string; details?: Details; status?: number } = {},
) {
  const { status = 400, ...rest } = extra;
  return data<FormOutcome<Values, Field, never, Details>>({ status: 'invalid', values, errors, ...rest }, { status });
}

/** A refusal the user can act on (`reason`), with the API's status. */
export function refused<Values, Details = undefined>(
  values: Values,
  reason: MessageKey,
  status: number,
  extra: { intent?: string; details?: Details } = {},
) {
  return data<FormOutcome<Values, string, never, Details>>({ status: 'refused', values, reason, ...extra }, { status });
}

/** What was asked is done; the page shows `done`. */
export function done<Done>(result: Done, extra: { intent?: string } = {}) {
  return data<FormOutcome<never, never, Done>>({ status: 'done', done: result, ...extra });
}

/**
 * What a failed API call becomes on a form: a 429 the minutes to wait; a 400 with field errors
 * those errors beside their fields (in the form's words); anything else a general failure,
 * logged as `what`. Callers handle their endpoint's own problems (`problemOf`) first.
 */
export function apiFailure<Values, Field extends string>(
  error: unknown,
  values: Values,
  what: string,
  words?: FieldWords<Field>,
  extra: { intent?: string } = {},
) {
  if (error instanceof ApiError && error.status === 429) {
    const minutes = error.retryAfterMinutes;
    return data<FormOutcome<Values, Field, never>>(
      { status: 'rate-limited', values, minutes, ...extra },
      { status: 429 },
    );
  }
  if (error instanceof ApiError && error.status === 400 && words) {
    const errors: FieldErrors<Field> = {};
    for (const [apiField, messages] of Object.entries(error.errors)) {
      const field = Array.isArray(messages) ? words.fieldOf(apiField) : undefined;
      if (field && !errors[field]) errors[field] = words.messageOf(field, String(messages?.[0] ?? ''));
    }
    if (Object.keys(errors).length > 0) return invalid(values, errors, extra);
  }
  console.error(`${what} failed`, error);
  return data<FormOutcome<Values, Field, never>>({ status: 'failed', values, ...extra }, { status: 503 });
}
