import type { MessageKey } from '../../platform/i18n/translator.ts';
import type { AuthField } from './api-messages.ts';

/**
 * What an auth page's action answers when it does not redirect, shared by server and browser.
 * `values` holds what the shopper typed, to put back in the form; never a password, which
 * they type again (it is not sent back to the browser, and not kept in its history).
 */
export type FormValues = Readonly<Record<string, string>>;
export type FieldErrors = Partial<Record<AuthField, MessageKey>>;

export type AuthFormResult =
  /** Fields that break a rule: each with its message, next to it (docs/product/errors.md, form alerts). */
  | { status: 'invalid'; values: FormValues; errors: FieldErrors }
  /** The API said no for a reason the shopper can act on (wrong password, not confirmed). */
  | { status: 'refused'; values: FormValues; message: MessageKey }
  /** 429: wait this many minutes. */
  | { status: 'rate-limited'; values: FormValues; minutes: number }
  /** The API failed or could not be reached from our server. */
  | { status: 'failed'; values: FormValues }
  /** With JavaScript, the browser could not reach our server (docs/product/errors.md, request-setup failure). */
  | { status: 'network-error'; values: FormValues };

/** A field's current value: what the last submission kept, else `fallback` (a query's prefill). */
export function keptValue(result: unknown, field: string, fallback = ''): string {
  const values = (result as { values?: FormValues } | undefined)?.values;
  return values?.[field] ?? fallback;
}

/** A field's error after the last submission. */
export function errorOf(result: unknown, field: AuthField): MessageKey | undefined {
  const outcome = result as AuthFormResult | undefined;
  return outcome?.status === 'invalid' ? outcome.errors[field] : undefined;
}
