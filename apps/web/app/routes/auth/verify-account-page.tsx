import { Form } from 'react-router';
import { IdentifierField } from '#app/features/auth/auth-field.tsx';
import { authPageMeta } from '#app/features/auth/auth-meta.ts';
import { AuthPage, SubmitButton } from '#app/features/auth/auth-page.tsx';
import { authSeo } from '#app/features/auth/auth-seo.server.ts';
import { IDENTIFIER_KEPT } from '#app/features/auth/kept-fields.ts';
import { errorOf, keptValue } from '#app/platform/forms/form-outcome.ts';
import { keepValuesOnNetworkFailure } from '#app/platform/forms/keep-values.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localizePath } from '#app/platform/i18n/locales.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import type { Route } from './+types/verify-account-page';
import { requestCode } from './verify-account-page.server.ts';

export function loader({ url }: Route.LoaderArgs) {
  return {
    seo: authSeo(url, '/auth/verify-account', 'verify').seo,
    identifier: (url.searchParams.get('identifier') ?? '').slice(0, 254),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return requestCode(request, context);
}

export const clientAction = keepValuesOnNetworkFailure(IDENTIFIER_KEPT);

export function meta(args: Route.MetaArgs) {
  return authPageMeta(args, args.loaderData?.seo);
}

const LABELS = { identifier: 'auth.field.identifier' } as const;

/** /auth/verify-account: a new confirmation code for an account not yet confirmed. */
export default function VerifyAccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const result = actionData as unknown;
  const identifier = keptValue(result, 'identifier', loaderData.identifier);
  const confirm = `${localizePath('/auth/confirm-account', locale.code)}${identifier ? `?identifier=${encodeURIComponent(identifier)}` : ''}`;

  return (
    <AuthPage title={t('auth.verify.title')} lead={t('auth.verify.lead')} result={result} labels={LABELS}>
      <Form method="post" noValidate className="auth-form">
        <CsrfField />
        <IdentifierField value={identifier} error={errorOf(result, 'identifier')} hint />
        <SubmitButton label={t('auth.verify.submit')} sending={t('auth.verify.sending')} />
      </Form>
      <p className="auth-switch">
        {t('auth.verify.haveCode')} <AppLink to={confirm}>{t('auth.verify.enterCode')}</AppLink>
      </p>
    </AuthPage>
  );
}
