import { Form } from 'react-router';
import { keptReturnTo } from '#app/features/auth/after-sign-in.ts';
import { AuthField, IdentifierField, NewPasswordField } from '#app/features/auth/auth-field.tsx';
import { authPageMeta } from '#app/features/auth/auth-meta.ts';
import { AuthPage, SubmitButton } from '#app/features/auth/auth-page.tsx';
import { authSeo } from '#app/features/auth/auth-seo.server.ts';
import { REGISTER_KEPT } from '#app/features/auth/kept-fields.ts';
import { errorOf, keptValue } from '#app/platform/forms/form-outcome.ts';
import { keepValuesOnNetworkFailure } from '#app/platform/forms/keep-values.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localizePath } from '#app/platform/i18n/locales.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import type { Route } from './+types/register-page';
import { register } from './register-page.server.ts';

export function loader({ url }: Route.LoaderArgs) {
  // Where a page that asked the shopper to join was (a service's join page): back there after the code.
  return {
    seo: authSeo(url, '/auth/register', 'register').seo,
    returnTo: keptReturnTo(url.searchParams.get('returnTo')),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return register(request, context);
}

export const clientAction = keepValuesOnNetworkFailure(REGISTER_KEPT);

export function meta(args: Route.MetaArgs) {
  return authPageMeta(args, args.loaderData?.seo);
}

const LABELS = {
  name: 'auth.field.name',
  surname: 'auth.field.surname',
  identifier: 'auth.field.identifier',
  newPassword: 'auth.field.password',
} as const;

/** /auth/register: name, surname, email or phone and a password; a code follows by message. */
export default function RegisterPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const result = actionData as unknown;
  const returnTo = keptValue(result, 'returnTo', loaderData.returnTo);
  const login = localizePath('/auth/login', locale.code);

  return (
    <AuthPage title={t('auth.register.title')} lead={t('auth.register.lead')} result={result} labels={LABELS}>
      <Form method="post" noValidate className="auth-form">
        <CsrfField />
        {returnTo && <input type="hidden" name="returnTo" value={returnTo} />}
        <div className="auth-names">
          <AuthField name="name" label={t('auth.field.name')} error={errorOf(result, 'name')}>
            {(props) => (
              <input
                {...props}
                type="text"
                autoComplete="given-name"
                maxLength={80}
                required
                defaultValue={keptValue(result, 'name')}
              />
            )}
          </AuthField>
          <AuthField name="surname" label={t('auth.field.surname')} error={errorOf(result, 'surname')}>
            {(props) => (
              <input
                {...props}
                type="text"
                autoComplete="family-name"
                maxLength={80}
                required
                defaultValue={keptValue(result, 'surname')}
              />
            )}
          </AuthField>
        </div>
        <IdentifierField value={keptValue(result, 'identifier')} error={errorOf(result, 'identifier')} hint />
        <NewPasswordField name="password" error={errorOf(result, 'newPassword')} />
        <SubmitButton label={t('auth.register.submit')} sending={t('auth.register.sending')} />
      </Form>
      <p className="auth-switch">
        {t('auth.register.haveAccount')}{' '}
        <AppLink to={returnTo ? `${login}?returnTo=${encodeURIComponent(returnTo)}` : login}>
          {t('auth.login.title')}
        </AppLink>
      </p>
    </AuthPage>
  );
}
