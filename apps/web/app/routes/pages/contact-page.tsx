import { CONTACT_TOPICS } from '@malewa/contracts/contact/contact-topics';
import { type ReactNode, useEffect, useRef } from 'react';
import { Form, useNavigation } from 'react-router';
import { loadStaticPage } from '#app/platform/content/static-pages.server.ts';
import { staticPageSeo } from '#app/platform/content/static-pages.ts';
import { type FormAlert, invalidFormAlert, networkErrorAlert } from '#app/platform/feedback/alert.ts';
import { AlertArea } from '#app/platform/feedback/alert-area.tsx';
import { errorsOf, type FormOutcome, keptValues } from '#app/platform/forms/form-outcome.ts';
import { keepValuesOnNetworkFailure } from '#app/platform/forms/keep-values.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localeOfPath } from '#app/platform/i18n/locales.ts';
import type { MessageKey, Translate } from '#app/platform/i18n/translator.ts';
import { pageMeta } from '#app/platform/seo/page-meta.ts';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import { StaticArticle } from '#app/shell/static-article.tsx';
import { type FieldControlProps, FormField } from '#app/ui/form-field.tsx';
import type { Route } from './+types/contact-page';
import { CONTACT_FIELDS, type ContactField, type ContactValues } from './contact-fields.ts';
import type { ContactSent } from './contact-page.server.ts';
import { submitContactForm } from './contact-page.server.ts';

export function loader({ request }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname);
  return { content: loadStaticPage('contact', locale.code) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitContactForm(request, context);
}

type ContactOutcome = FormOutcome<ContactValues, ContactField, ContactSent>;

/** With JavaScript, a submission that never reached the server (offline) keeps the form as typed. */
export const clientAction = keepValuesOnNetworkFailure(CONTACT_FIELDS);

export function meta(args: Route.MetaArgs) {
  const content = args.loaderData?.content;
  return content ? pageMeta(args, staticPageSeo('contact', content)) : [];
}

const EMPTY: ContactValues = { name: '', email: '', phone: '', topic: '', message: '' };

/** /pages/contact: the page's text, then a form that works before (and without) JavaScript. */
export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting';
  const result = actionData as ContactOutcome | undefined;
  const values = keptValues(result, EMPTY);
  const errors = errorsOf<ContactField>(result);
  const formRef = useRef<HTMLFormElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  // With JavaScript, take the reader to what changed: the first wrong field, or the notice.
  useEffect(() => {
    if (!result) return;
    const firstInvalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (firstInvalid ?? noticeRef.current)?.focus();
  }, [result]);

  return (
    <>
      <StaticArticle content={loaderData.content} />
      <section className="contact-form-section" aria-labelledby="contact-form-title">
        <h2 id="contact-form-title">{t('contact.form.title')}</h2>
        <div ref={noticeRef} tabIndex={-1} className="contact-notices">
          {result?.status === 'done' ? (
            <div className="notice notice-success" role="status">
              <p className="notice-title">{t('contact.sent.title')}</p>
              <p>{t('contact.sent.body', { reference: result.done.reference })}</p>
            </div>
          ) : null}
          <AlertArea alert={alertOf(result, t)} source={result} />
        </div>
        <p className="form-intro">{t('contact.form.intro')}</p>
        {/* A new key after a sent message empties the form, with or without JavaScript. */}
        <Form
          method="post"
          noValidate
          ref={formRef}
          className="contact-form"
          key={result?.status === 'done' ? result.done.reference : 'contact'}
        >
          <CsrfField />
          <Field name="name" label={t('contact.field.name')} error={errors.name}>
            {(props) => <input {...props} type="text" autoComplete="name" maxLength={120} defaultValue={values.name} />}
          </Field>
          <Field name="email" label={t('contact.field.email')} error={errors.email}>
            {(props) => (
              <input
                {...props}
                type="email"
                dir="ltr"
                inputMode="email"
                autoComplete="email"
                maxLength={254}
                defaultValue={values.email}
              />
            )}
          </Field>
          <Field name="phone" label={t('contact.field.phone')} hint={t('contact.field.phoneHint')} error={errors.phone}>
            {(props) => (
              <input
                {...props}
                type="tel"
                dir="ltr"
                inputMode="tel"
                autoComplete="tel"
                maxLength={24}
                defaultValue={values.phone}
              />
            )}
          </Field>
          <Field name="topic" label={t('contact.field.topic')} error={errors.topic}>
            {(props) => (
              <select {...props} defaultValue={values.topic}>
                <option value="">{t('contact.field.topicChoose')}</option>
                {CONTACT_TOPICS.map((topic) => (
                  <option key={topic} value={topic}>
                    {t(`contact.topic.${topic}` as MessageKey)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            name="message"
            label={t('contact.field.message')}
            hint={t('contact.field.messageHint')}
            error={errors.message}
          >
            {(props) => <textarea {...props} rows={7} maxLength={4000} defaultValue={values.message} />}
          </Field>
          <button type="submit" className="button" disabled={sending}>
            {sending ? t('contact.sending') : t('contact.submit')}
          </button>
        </Form>
      </section>
    </>
  );
}

const LABELS: Record<ContactField, MessageKey> = {
  name: 'contact.field.name',
  email: 'contact.field.email',
  phone: 'contact.field.phone',
  topic: 'contact.field.topic',
  message: 'contact.field.message',
};

/** What the alert area says after a submission that did not go through (docs/product/errors.md). */
function alertOf(result: ContactOutcome | undefined, t: Translate): FormAlert | null {
  switch (result?.status) {
    case 'invalid':
      return invalidFormAlert(t, 'contact.error.summary', result.errors, LABELS);
    case 'rate-limited':
      return { type: 'error', lines: [{ text: t('contact.rateLimited', { minutes: result.minutes }) }] };
    case 'failed':
      return { type: 'error', lines: [{ text: t('contact.failed') }] };
    case 'network-error':
      return networkErrorAlert(t);
    default:
      return null;
  }
}

interface ControlProps extends FieldControlProps {
  name: ContactField;
}

/** A field of the contact form: its id is `contact-<name>`, and the control gets the name. */
function Field({
  name,
  label,
  hint,
  error,
  children,
}: {
  name: ContactField;
  label: string;
  hint?: string;
  error: MessageKey | undefined;
  children: (props: ControlProps) => ReactNode;
}) {
  return (
    <FormField id={`contact-${name}`} label={label} hint={hint} error={error}>
      {(props) => children({ ...props, name })}
    </FormField>
  );
}
