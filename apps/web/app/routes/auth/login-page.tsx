import { Form } from 'react-router';
import { AuthField, IdentifierField } from '#app/features/auth/auth-field.tsx';
import { authPageMeta } from '#app/features/auth/auth-meta.ts';
import { AuthPage, SubmitButton } from '#app/features/auth/auth-page.tsx';
import { type AuthOutcome, LOGIN_KEPT } from '#app/features/auth/kept-fields.ts';
import { errorOf, keptValue } from '#app/platform/forms/form-outcome.ts';
import { keepValuesOnNetworkFailure } from '#app/platform/forms/keep-values.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localizePath } from '#app/platform/i18n/locales.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import type { Route } from './+types/login-page';
import { loadLoginPage, signIn } from './login-page.server.ts';

export async function loader({ url, request, context }: Route.LoaderArgs) {
  return loadLoginPage(url, request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return signIn(request, context);
}

export const clientAction = keepValuesOnNetworkFailure(LOGIN_KEPT);

export function meta(args: Route.MetaArgs) {
  return authPageMeta(args, args.loaderData?.seo);
}

const LABELS = { identifier: 'auth.field.identifier', password: 'auth.field.password' } as const;

/** /auth/login: identifier and password, then the ways in for those without an account or a password. */
export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const result = actionData as AuthOutcome<typeof LOGIN_KEPT> | undefined;
  const identifier = keptValue(result, 'identifier', loaderData.identifier);
  const returnTo = keptValue(result, 'returnTo', loaderData.returnTo);
  const unconfirmed = result?.status === 'refused' && result.reason === 'auth.login.unconfirmed';
  const verifyPath = `${localizePath('/auth/verify-account', locale.code)}?identifier=${encodeURIComponent(identifier)}`;
  const socialQuery = new URLSearchParams({ lang: locale.code, ...(returnTo ? { returnTo } : {}) }).toString();

  return (
    <AuthPage
      title={t('auth.login.title')}
      lead={t('auth.login.lead')}
      result={result}
      labels={LABELS}
      notice={
        unconfirmed ? (
          <p className="auth-notice-link">
            <AppLink to={verifyPath}>{t('auth.confirm.newCode')}</AppLink>
          </p>
        ) : null
      }
    >
      <Form method="post" noValidate className="auth-form">
        <CsrfField />
        <input type="hidden" name="returnTo" value={returnTo} />
        <IdentifierField value={identifier} error={errorOf(result, 'identifier')} />
        <AuthField name="password" label={t('auth.field.password')} error={errorOf(result, 'password')}>
          {(props) => <input {...props} type="password" autoComplete="current-password" maxLength={1024} required />}
        </AuthField>
        <p className="auth-aside">
          <AppLink to={localizePath('/auth/forgot-password', locale.code)}>{t('auth.login.forgot')}</AppLink>
        </p>
        <SubmitButton label={t('auth.login.submit')} sending={t('auth.login.sending')} />
      </Form>
      {loaderData.providers.length > 0 ? (
        <section className="auth-social" aria-label={t('auth.login.socialLabel')}>
          <p className="auth-or">{t('auth.login.or')}</p>
          <ul>
            {loaderData.providers.map((provider) => (
              <li key={provider.id}>
                {/* A document link, not a form (CSP form-action 'self'; decision 12): the
                    server answers with a redirect to the provider. */}
                <a className="auth-social-button" href={`/auth/social/${provider.id}?${socialQuery}`}>
                  {t('auth.login.social', { provider: provider.name })}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="auth-switch">
        {t('auth.login.noAccount')}{' '}
        <AppLink to={localizePath('/auth/register', locale.code)}>{t('auth.register.title')}</AppLink>
      </p>
    </AuthPage>
  );
}
