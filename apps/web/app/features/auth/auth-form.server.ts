import { data } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '../../platform/api-client/api-client.server.ts';
import type { MessageKey } from '../../platform/i18n/translator.ts';
import { type AuthField, authFieldOfApi, messageKeyFor } from './api-messages.ts';
import type { AuthFormResult, FieldErrors, FormValues } from './auth-form.ts';

/** A form field as text ('' when absent or a file). */
export function textOf(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** The fields that go back into the form after a failed submission (never a password). */
export function valuesOf<F extends string>(form: FormData, fields: readonly F[]): Record<F, string> {
  return Object.fromEntries(fields.map((field) => [field, textOf(form, field)])) as Record<F, string>;
}

export function invalid(values: FormValues, errors: FieldErrors) {
  return data<AuthFormResult>({ status: 'invalid', values, errors }, { status: 400 });
}

export function refused(values: FormValues, message: MessageKey, status: number) {
  return data<AuthFormResult>({ status: 'refused', values, message }, { status });
}

/**
 * The errors of a failed parse with the API's own schema, one per field, in the page's words:
 * `fieldOf` names the page's field for a path of the request (`credential.secret` → `newPassword`).
 */
export function schemaErrors(
  error: z.ZodError,
  fieldOf: (path: string) => AuthField | undefined = authFieldOfApi,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = fieldOf(issue.path.join('.'));
    if (field && !errors[field]) errors[field] = messageKeyFor(field, issue.message);
  }
  return errors;
}

/**
 * What a failed API call becomes on an auth page: a 429 the minutes to wait; a 400 with field
 * errors those errors next to their fields (`fieldOf` maps the API's field names to the page's);
 * anything else a general failure, logged.
 */
export function apiFailure(
  error: unknown,
  values: FormValues,
  what: string,
  fieldOf: (apiField: string) => AuthField | undefined = authFieldOfApi,
) {
  if (error instanceof ApiError && error.status === 429) {
    const minutes = error.retryAfterMinutes;
    return data<AuthFormResult>({ status: 'rate-limited', values, minutes }, { status: 429 });
  }
  if (error instanceof ApiError && error.status === 400) {
    const errors: FieldErrors = {};
    for (const [apiField, messages] of Object.entries(error.errors)) {
      const field = Array.isArray(messages) ? fieldOf(apiField) : undefined;
      if (field && !errors[field]) errors[field] = messageKeyFor(field, String(messages?.[0] ?? ''));
    }
    if (Object.keys(errors).length > 0) return invalid(values, errors);
  }
  console.error(`auth: ${what} failed`, error);
  return data<AuthFormResult>({ status: 'failed', values }, { status: 503 });
}
