import { Form } from 'react-router';
import type { FormAlert } from '#app/platform/feedback/alert.ts';
import { AlertArea } from '#app/platform/feedback/alert-area.tsx';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { dateTimeFormat } from '#app/platform/i18n/intl-formats.ts';
import { intlLanguage, localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import type { Translate } from '#app/platform/i18n/translator.ts';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import type { Route } from './+types/account-sign-in-methods';
import {
  loadSignInMethods,
  type SignInMethod,
  type UnlinkOutcome,
  unlinkProvider,
} from './account-sign-in-methods.server.ts';

/** The account layout has already checked that the shopper is signed in. */
export async function loader({ url, request, context }: Route.LoaderArgs) {
  const t = translatorFor(localeOfPath(url.pathname).code);
  return {
    methods: await loadSignInMethods(context, request, url),
    title: `${t('account.methods.title')} | ${t('site.name')}`,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return unlinkProvider(request, context);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? 'Malewa' }, { name: 'robots', content: 'noindex' }];
}

/**
 * Sign-in methods: connect Google or Facebook to the account, or disconnect them. Accounts are
 * never merged by email on their own (decision 11), so this page is where a shopper who was
 * told "an account with this email already exists" connects the provider, signed in.
 */
export default function SignInMethodsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const alert = alertOf(actionData as UnlinkOutcome | undefined, t);
  return (
    <div className="account-page">
      <h1>{t('account.methods.title')}</h1>
      <section className="account-section" aria-label={t('account.methods.title')}>
        <p className="form-intro">{t('account.methods.intro')}</p>
        <AlertArea alert={alert} source={actionData} />
        {loaderData.methods.length === 0 ? (
          <p>{t('account.methods.none')}</p>
        ) : (
          <ul className="sign-in-methods">
            {loaderData.methods.map((method) => (
              <MethodRow key={method.provider} method={method} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** A disconnection refused (the only way to sign in) or failed; nothing when it went through. */
function alertOf(outcome: UnlinkOutcome | undefined, t: Translate): FormAlert | null {
  switch (outcome?.status) {
    case 'refused':
      return { type: 'error', lines: [{ text: t(outcome.reason, { provider: outcome.details?.provider ?? '' }) }] };
    case 'invalid':
    case 'rate-limited':
    case 'failed':
      return { type: 'error', lines: [{ text: t('account.error.failed') }] };
    default:
      return null;
  }
}

function MethodRow({ method }: { method: SignInMethod }) {
  const { t, locale } = useI18n();
  const here = localizePath('/account/sign-in-methods', locale.code);
  const since = method.connected
    ? dateTimeFormat(intlLanguage(locale.iso), { dateStyle: 'medium' }).format(new Date(method.connected.linkedAt))
    : '';
  return (
    <li className="sign-in-method">
      <div>
        <h2>{method.name}</h2>
        <p>
          {method.connected
            ? method.connected.email
              ? t('account.methods.connectedAs', { email: method.connected.email, date: since })
              : t('account.methods.connected', { date: since })
            : t('account.methods.notConnected')}
        </p>
      </div>
      {method.connected ? (
        <Form method="post">
          <CsrfField />
          <input type="hidden" name="provider" value={method.provider} />
          <button type="submit" className="button button-secondary">
            {t('account.methods.disconnect', { provider: method.name })}
          </button>
        </Form>
      ) : method.connectable ? (
        // A link, not a form (decision 12): the provider's page is another site.
        <a
          className="button button-secondary"
          href={`/auth/social/${method.provider}?${new URLSearchParams({ intent: 'link', lang: locale.code, returnTo: here })}`}
        >
          {t('account.methods.connect', { provider: method.name })}
        </a>
      ) : null}
    </li>
  );
}
