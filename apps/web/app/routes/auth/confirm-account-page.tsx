import { Form } from 'react-router';
import { keptReturnTo } from '#app/features/auth/after-sign-in.ts';
import { AuthField, IdentifierField } from '#app/features/auth/auth-field.tsx';
import { authPageMeta } from '#app/features/auth/auth-meta.ts';
import { AuthPage, SubmitButton } from '#app/features/auth/auth-page.tsx';
import { authSeo } from '#app/features/auth/auth-seo.server.ts';
import { CONFIRM_KEPT } from '#app/features/auth/kept-fields.ts';
import { CODE_LENGTH } from '#app/features/auth/password-rules.ts';
import { errorOf, keptValue } from '#app/platform/forms/form-outcome.ts';
import { keepValuesOnNetworkFailure } from '#app/platform/forms/keep-values.ts';
import { useI18n } from '#app/platform/i18n/i18n-context.tsx';
import { localizePath } from '#app/platform/i18n/locales.ts';
import { AppLink } from '#app/platform/navigation/app-link.tsx';
import { CsrfField } from '#app/platform/session/csrf-field.tsx';
import type { Route } from './+types/confirm-account-page';
import { confirmAccount } from './confirm-account-page.server.ts';

export function loader({ url }: Route.LoaderArgs) {
  return {
    seo: authSeo(url, '/auth/confirm-account', 'confirm').seo,
    identifier: (url.searchParams.get('identifier') ?? '').slice(0, 254),
    token: (url.searchParams.get('token') ?? '').slice(0, 128),
    returnTo: keptReturnTo(url.searchParams.get('returnTo')),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return confirmAccount(request, context);
}

export const clientAction = keepValuesOnNetworkFailure(CONFIRM_KEPT);

export function meta(args: Route.MetaArgs) {
  return authPageMeta(args, args.loaderData?.seo);
}

const LABELS = {
  identifier: 'auth.field.identifier',
  code: 'auth.field.code',
} as const;

/**
 * /auth/confirm-account: the code from the message and the identifier it went to (filled in
 * after registering), or, arriving by the message's link (`?token=`), a single button.
 */
export default function ConfirmAccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const result = actionData as unknown;
  const token = keptValue(result, 'token', loaderData.token);
  const identifier = keptValue(result, 'identifier', loaderData.identifier);
  const returnTo = keptValue(result, 'returnTo', loaderData.returnTo);
  const newCode = `${localizePath('/auth/verify-account', locale.code)}${identifier ? `?identifier=${encodeURIComponent(identifier)}` : ''}`;

  return (
    <AuthPage
      title={t('auth.confirm.title')}
      lead={token ? t('auth.confirm.linkLead') : t('auth.confirm.lead')}
      result={result}
      labels={LABELS}
    >
      {token ? (
        <Form method="post" className="auth-form">
          <CsrfField />
          <input type="hidden" name="token" value={token} />
          <SubmitButton label={t('auth.confirm.submit')} sending={t('auth.confirm.sending')} />
        </Form>
      ) : (
        <Form method="post" noValidate className="auth-form">
          <CsrfField />
          {returnTo && <input type="hidden" name="returnTo" value={returnTo} />}
          <IdentifierField value={identifier} error={errorOf(result, 'identifier')} />
          <AuthField
            name="code"
            label={t('auth.field.code')}
            hint={t('auth.field.codeHint')}
            error={errorOf(result, 'code')}
          >
            {(props) => (
              <input
                {...props}
                type="text"
                dir="ltr"
                className="auth-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9 -]*"
                maxLength={CODE_LENGTH + 4}
                required
                defaultValue={keptValue(result, 'code')}
              />
            )}
          </AuthField>
          <SubmitButton label={t('auth.confirm.submit')} sending={t('auth.confirm.sending')} />
        </Form>
      )}
      <p className="auth-switch">
        {t('auth.confirm.noCode')} <AppLink to={newCode}>{t('auth.confirm.newCode')}</AppLink>
      </p>
    </AuthPage>
  );
}
