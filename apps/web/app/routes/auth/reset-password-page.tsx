import { Form } from 'react-router';
import { AuthField, NewPasswordField } from '#app/features/auth/auth-field.tsx';
import { authPageMeta } from '#app/features/auth/auth-meta.ts';
import { AuthPage, SubmitButton } from '#app/features/auth/auth-page.tsx';
import { authSeo } from '#app/features/auth/auth-seo.server.ts';
import { type AuthOutcome, RESET_KEPT } from '#app/features/auth/kept-fields.ts';
import { PASSWORD_MAX_LENGTH } from '#app/features/auth/password-rules.ts';
import { errorOf, keptValue } from '#app/platform/forms/form-outcome.ts';
import { keepValuesOnNetworkFailure } from '#app/platform/forms/keep-values.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localizePath } from '#app/platform/i18n/locales.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import type { Route } from './+types/reset-password-page';
import { resetPassword } from './reset-password-page.server.ts';

export function loader({ url }: Route.LoaderArgs) {
  return {
    seo: authSeo(url, '/auth/reset-password', 'reset').seo,
    token: (url.searchParams.get('token') ?? '').slice(0, 128),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return resetPassword(request, context);
}

export const clientAction = keepValuesOnNetworkFailure(RESET_KEPT);

export function meta(args: Route.MetaArgs) {
  return authPageMeta(args, args.loaderData?.seo);
}

const LABELS = { newPassword: 'auth.field.newPassword', confirmPassword: 'auth.field.confirmPassword' } as const;

/**
 * /auth/reset-password?token=…: the reset link's page. A new password twice; a link that does
 * not work (spent, expired, cut short) says so, with the way to a new one.
 */
export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const result = actionData as AuthOutcome<typeof RESET_KEPT> | undefined;
  const token = keptValue(result, 'token', loaderData.token);
  const linkFailed = token === '' || (result?.status === 'refused' && result.reason === 'auth.reset.invalid.message');
  const forgot = localizePath('/auth/forgot-password', locale.code);

  if (linkFailed) {
    return (
      <AuthPage title={t('auth.reset.title')} result={undefined} labels={LABELS}>
        <div className="notice notice-error" role="alert">
          <p className="notice-title">{t('auth.reset.invalid.title')}</p>
          <p>{t('auth.reset.invalid.message')}</p>
        </div>
        <p>
          <AppLink className="button" to={forgot}>
            {t('auth.reset.newLink')}
          </AppLink>
        </p>
      </AuthPage>
    );
  }

  return (
    <AuthPage title={t('auth.reset.title')} lead={t('auth.reset.lead')} result={result} labels={LABELS}>
      <Form method="post" noValidate className="auth-form">
        <CsrfField />
        <input type="hidden" name="token" value={token} />
        <NewPasswordField name="newPassword" error={errorOf(result, 'newPassword')} />
        <AuthField
          name="confirmNewPassword"
          label={t('auth.field.confirmPassword')}
          error={errorOf(result, 'confirmPassword')}
        >
          {(props) => (
            <input {...props} type="password" autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} required />
          )}
        </AuthField>
        <SubmitButton label={t('auth.reset.submit')} sending={t('auth.reset.sending')} />
      </Form>
    </AuthPage>
  );
}
