import { CONTACT_TOPICS } from '@malewa/contracts/contact/contact-topics';
import {
  createContactMessageEndpoint,
  ZCreateContactMessageRequestSchema,
} from '@malewa/contracts/contact/create-contact-message';
import { data, type RouterContextProvider } from 'react-router';
import { ApiError, apiClientFor } from '../../platform/api-client/api-client.server.ts';
import { notify } from '../../platform/feedback/notification.server.ts';
import { localeOfPath } from '../../platform/i18n/locales.ts';
import { translatorFor } from '../../platform/i18n/messages.server.ts';
import type { MessageKey } from '../../platform/i18n/translator.ts';

export const CONTACT_FIELDS = ['name', 'email', 'phone', 'topic', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField | 'form', MessageKey>>;

export type ContactResult =
  | { status: 'invalid'; values: ContactValues; errors: ContactErrors }
  | { status: 'sent'; reference: string }
  | { status: 'rate-limited'; values: ContactValues; minutes: number }
  | { status: 'failed'; values: ContactValues };

/** One localized message per field, whatever rule it broke; both contact fields share one. */
function errorsFor(fields: Iterable<string>, values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  const unreachable = values.email.trim() === '' && values.phone.trim() === '';
  for (const field of fields) {
    if (field === 'email' || field === 'phone') {
      errors[field] = unreachable ? 'contact.error.reachable' : `contact.error.${field}`;
    } else if ((CONTACT_FIELDS as readonly string[]).includes(field)) {
      errors[field as ContactField] = `contact.error.${field as Exclude<ContactField, 'email' | 'phone'>}`;
    } else if (field === 'locale') {
      errors.form = 'contact.error.locale';
    }
  }
  return errors;
}

/**
 * The contact form's action: checks the form with the API's own schema (so a mistake is shown
 * at once, next to its field, with everything typed kept), then sends it to the API on the
 * shopper's behalf, naming their address in X-Forwarded-For so that the sending limit is
 * theirs and not the web server's.
 */
export async function submitContactForm(request: Request, context: Readonly<RouterContextProvider>) {
  const form = await request.formData();
  const values = Object.fromEntries(
    CONTACT_FIELDS.map((field) => {
      const value = form.get(field);
      return [field, typeof value === 'string' ? value : ''];
    }),
  ) as ContactValues;
  const locale = localeOfPath(new URL(request.url).pathname);

  const parsed = ZCreateContactMessageRequestSchema.safeParse({
    name: values.name,
    email: values.email.trim() || undefined,
    phone: values.phone.trim() || undefined,
    topic: (CONTACT_TOPICS as readonly string[]).includes(values.topic) ? values.topic : undefined,
    message: values.message,
    locale: locale.code,
  });
  if (!parsed.success) {
    const fields = new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? 'form')));
    return data<ContactResult>({ status: 'invalid', values, errors: errorsFor(fields, values) }, { status: 400 });
  }

  try {
    // The client names the shopper's address in X-Forwarded-For: the sending limit is theirs.
    const { data: receipt } = await apiClientFor(context, request).call(createContactMessageEndpoint, {
      body: parsed.data,
    });
    const reference = receipt.id.slice(0, 8).toUpperCase();
    // A toast besides the acknowledgement in the form (docs/product/errors.md, notifications).
    const t = translatorFor(locale.code);
    notify(context, {
      type: 'success',
      title: t('feedback.sent.title'),
      message: t('feedback.sent.reference', { reference }),
    });
    return data<ContactResult>({ status: 'sent', reference });
  } catch (error) {
    // An error may carry a notification for the shopper; pass it on.
    if (error instanceof ApiError && error.notification) notify(context, error.notification);
    if (error instanceof ApiError && error.status === 429) {
      const minutes = error.retryAfterMinutes;
      return data<ContactResult>({ status: 'rate-limited', values, minutes }, { status: 429 });
    }
    // Field errors are arrays; a string `message` is a general failure (docs/product/errors.md).
    const fields =
      error instanceof ApiError ? Object.keys(error.errors).filter((k) => Array.isArray(error.errors[k])) : [];
    if (error instanceof ApiError && error.status === 400 && fields.length > 0) {
      return data<ContactResult>({ status: 'invalid', values, errors: errorsFor(fields, values) }, { status: 400 });
    }
    console.error('contact: the message could not be sent', error);
    return data<ContactResult>({ status: 'failed', values }, { status: 503 });
  }
}
