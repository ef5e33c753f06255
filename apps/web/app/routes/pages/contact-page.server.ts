import { CONTACT_TOPICS } from '@malewa/contracts/contact/contact-topics';
import {
  createContactMessageEndpoint,
  ZCreateContactMessageRequestSchema,
} from '@malewa/contracts/contact/create-contact-message';
import type { RouterContextProvider } from 'react-router';
import { ApiError, apiClientFor } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import { apiFailure, done, type FieldWords, invalid, parseForm, valuesOf } from '#app/platform/forms/form.server.ts';
import { localeOfPath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { CONTACT_FIELDS, type ContactField, type ContactValues } from './contact-fields.ts';

/** A message sent: the reference the shopper can quote. */
export interface ContactSent {
  reference: string;
}

/**
 * One localized message per field, whatever rule it broke; both contact fields share one
 * ("give us a way to reach you") when neither was given.
 */
function wordsFor(values: ContactValues): FieldWords<ContactField> {
  const unreachable = values.email.trim() === '' && values.phone.trim() === '';
  return {
    fieldOf: (path) => {
      const field = path.split('.')[0] ?? '';
      if ((CONTACT_FIELDS as readonly string[]).includes(field)) return field as ContactField;
      return field === 'locale' ? 'form' : undefined;
    },
    messageOf: (field) => {
      if (field === 'email' || field === 'phone')
        return unreachable ? 'contact.error.reachable' : `contact.error.${field}`;
      return field === 'form' ? 'contact.error.locale' : `contact.error.${field}`;
    },
  };
}

/**
 * The contact form's action: checks the form with the API's own schema (so a mistake is shown
 * at once, next to its field, with everything typed kept), then sends it to the API on the
 * shopper's behalf, naming their address in X-Forwarded-For so that the sending limit is
 * theirs and not the web server's.
 */
export async function submitContactForm(request: Request, context: Readonly<RouterContextProvider>) {
  const form = await request.formData();
  const values = valuesOf(form, CONTACT_FIELDS);
  const locale = localeOfPath(new URL(request.url).pathname);

  const words = wordsFor(values);
  const parsed = parseForm(
    ZCreateContactMessageRequestSchema,
    {
      name: values.name,
      email: values.email.trim() || undefined,
      phone: values.phone.trim() || undefined,
      topic: (CONTACT_TOPICS as readonly string[]).includes(values.topic) ? values.topic : undefined,
      message: values.message,
      locale: locale.code,
    },
    words,
  );
  if (!parsed.ok) return invalid(values, parsed.errors);

  try {
    // The client names the shopper's address in X-Forwarded-For: the sending limit is theirs.
    const { data: receipt } = await apiClientFor(context, request).call(createContactMessageEndpoint, {
      body: parsed.request,
    });
    const reference = receipt.id.slice(0, 8).toUpperCase();
    // A toast besides the acknowledgement in the form (docs/product/errors.md, toasts).
    const t = translatorFor(locale.code);
    showToast(context, {
      type: 'success',
      title: t('feedback.sent.title'),
      message: t('feedback.sent.reference', { reference }),
    });
    return done<ContactSent>({ reference });
  } catch (error) {
    // An error may carry a notification for the shopper; pass it on.
    if (error instanceof ApiError && error.toast) showToast(context, error.toast);
    return apiFailure(error, values, 'contact: sending the message', words);
  }
}
