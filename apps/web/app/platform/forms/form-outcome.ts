import type { MessageKey } from '../i18n/translator.ts';

/**
 * The storefront's one shape for what a form's action answers when it does not redirect
 * (decision 31). Each form brings its own `Values` (what the user typed, to put back: never a
 * password) and `Field` names; everything else is this module's.
 */

/** Each field's message after a failed submission; `form` for what belongs to no one field. */
export type FieldErrors<Field extends string> = Partial<Record<Field | 'form', MessageKey>>;

/**
 * - `invalid`: fields break a rule (ours or the API's); each message goes beside its field.
 * - `refused`: the API said no for a reason the user can act on (`reason`, with `details`).
 * - `rate-limited`: too many tries; wait `minutes`.
 * - `failed`: the API failed or could not be reached from our server.
 * - `network-error`: with JavaScript, the browser could not reach our server.
 * - `done`: what was asked is done; `done` holds what the page says about it.
 * `intent` names which form of a page with several was sent.
 */
export type FormOutcome<
  Values,
  Field extends string = Extract<keyof Values, string>,
  Done = true,
  Details = undefined,
> =
  | { status: 'invalid'; intent?: string; values: Values; errors: FieldErrors<Field>; details?: Details }
  | { status: 'refused'; intent?: string; values: Values; reason: MessageKey; details?: Details }
  | { status: 'rate-limited'; intent?: string; values: Values; minutes: number }
  | { status: 'failed'; intent?: string; values: Values }
  | { status: 'network-error'; intent?: string; values: Values }
  | { status: 'done'; intent?: string; done: Done };

// Readers take `unknown`: a route's action data is typed by the router, which joins the types of
// every branch of the action; these narrow it once, here, instead of on each page.

/** The field's message after the last submission, when it was refused as invalid. */
export function errorOf<Field extends string>(outcome: unknown, field: Field | 'form'): MessageKey | undefined {
  const sent = outcome as { status?: string; errors?: FieldErrors<Field> } | undefined;
  return sent?.status === 'invalid' ? sent.errors?.[field] : undefined;
}

/** Every field's message after the last submission (none unless it was refused as invalid). */
export function errorsOf<Field extends string>(outcome: unknown): FieldErrors<Field> {
  const sent = outcome as { status?: string; errors?: FieldErrors<Field> } | undefined;
  return sent?.status === 'invalid' ? (sent.errors ?? {}) : {};
}

/** What the user typed in the last submission, to put back; `empty` before any (or after `done`). */
export function keptValues<Values>(outcome: unknown, empty: Values): Values {
  const sent = outcome as { values?: Values } | undefined;
  return sent?.values ?? empty;
}

/** One field's kept value: what the last submission held, else `fallback` (a query's prefill). */
export function keptValue(outcome: unknown, field: string, fallback = ''): string {
  const values = (outcome as { values?: Readonly<Record<string, unknown>> } | undefined)?.values;
  const value = values?.[field];
  return typeof value === 'string' ? value : fallback;
}
