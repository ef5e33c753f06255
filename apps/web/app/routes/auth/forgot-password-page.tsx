import { Form } from 'react-router';
import { IdentifierField } from '#app/features/auth/auth-field.tsx';
import { authPageMeta } from '#app/features/auth/auth-meta.ts';
import { AuthPage, SubmitButton } from '#app/features/auth/auth-page.tsx';
import { authSeo } from '#app/features/auth/auth-seo.server.ts';
import { type AuthOutcome, IDENTIFIER_KEPT } from '#app/features/auth/kept-fields.ts';
import { errorOf, keptValue } from '#app/platform/forms/form-outcome.ts';
import { keepValuesOnNetworkFailure } from '#app/platform/forms/keep-values.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localizePath } from '#app/platform/i18n/locales.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import type { Route } from './+types/forgot-password-page';
import { type ResetLinkSent, requestResetLink } from './forgot-password-page.server.ts';

export function loader({ url }: Route.LoaderArgs) {
  return {
    seo: authSeo(url, '/auth/forgot-password', 'forgot').seo,
    identifier: (url.searchParams.get('identifier') ?? '').slice(0, 254),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return requestResetLink(request, context);
}

export const clientAction = keepValuesOnNetworkFailure(IDENTIFIER_KEPT);

export function meta(args: Route.MetaArgs) {
  return authPageMeta(args, args.loaderData?.seo);
}

const LABELS = { identifier: 'auth.field.identifier' } as const;

/** /auth/forgot-password: a link to choose a new password, sent to the account's address. */
export default function ForgotPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const result = actionData as AuthOutcome<typeof IDENTIFIER_KEPT, ResetLinkSent> | undefined;
  const sent = result?.status === 'done' ? result.done.identifier : undefined;

  return (
    <AuthPage
      title={t('auth.forgot.title')}
      lead={sent === undefined ? t('auth.forgot.lead') : undefined}
      result={result}
      labels={LABELS}
      notice={
        sent !== undefined ? (
          <div className="notice notice-success" role="status">
            <p className="notice-title">{t('auth.forgot.sent.title')}</p>
            <p>{t('auth.forgot.sent.message', { identifier: sent })}</p>
          </div>
        ) : null
      }
    >
      {sent === undefined ? (
        <Form method="post" noValidate className="auth-form">
          <CsrfField />
          <IdentifierField
            value={keptValue(result, 'identifier', loaderData.identifier)}
            error={errorOf(result, 'identifier')}
          />
          <SubmitButton label={t('auth.forgot.submit')} sending={t('auth.forgot.sending')} />
        </Form>
      ) : null}
      <p className="auth-switch">
        <AppLink to={localizePath('/auth/login', locale.code)}>{t('auth.forgot.backToLogin')}</AppLink>
      </p>
    </AuthPage>
  );
}
