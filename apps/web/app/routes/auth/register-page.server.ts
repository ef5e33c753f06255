import { registerAccountEndpoint, ZRegisterRequestSchema } from '@malewa/contracts/auth/register';
import { type RouterContextProvider, redirect } from 'react-router';
import { keptReturnTo } from '../../features/auth/after-sign-in.ts';
import { apiFailure, invalid, schemaErrors, textOf, valuesOf } from '../../features/auth/auth-form.server.ts';
import { pendingSignInCookie } from '../../features/auth/pending-sign-in.server.ts';
import { apiClientFor } from '../../platform/api-client/api-client.server.ts';
import { notify } from '../../platform/feedback/notification.server.ts';
import { localeOfPath, localizePath } from '../../platform/i18n/locales.ts';
import { translatorFor } from '../../platform/i18n/messages.server.ts';

/**
 * Opens an account in the page's language (the API writes its messages in it; the market is
 * the footer's, sent as X-STORE-ID by the API client). The API answers the same whether the
 * identifier was new or not (decision 6), so the page always goes on to the code.
 */
export async function register(request: Request, context: Readonly<RouterContextProvider>) {
  const form = await request.formData();
  const values = valuesOf(form, ['name', 'surname', 'identifier', 'returnTo']);
  const locale = localeOfPath(new URL(request.url).pathname);
  const parsed = ZRegisterRequestSchema.safeParse({
    name: values.name,
    surname: values.surname,
    credential: { identifier: values.identifier, secret: textOf(form, 'password') },
    locale: locale.code,
  });
  if (!parsed.success) return invalid(values, schemaErrors(parsed.error));

  try {
    const { data: accepted } = await apiClientFor(context, request).call(registerAccountEndpoint, {
      body: parsed.data,
    });
    const t = translatorFor(locale.code);
    notify(context, {
      type: 'info',
      title: t('auth.register.sent.title'),
      message: t(accepted.channel === 'sms' ? 'auth.register.sent.sms' : 'auth.register.sent.email', {
        identifier: accepted.identifier,
      }),
    });
    const returnTo = keptReturnTo(values.returnTo);
    const next = `${localizePath('/auth/confirm-account', locale.code)}?identifier=${encodeURIComponent(accepted.identifier)}${returnTo ? `&returnTo=${encodeURIComponent(returnTo)}` : ''}`;
    return redirect(next, {
      status: 303,
      headers: { 'Set-Cookie': pendingSignInCookie(accepted.signInToken, context, request) },
    });
  } catch (error) {
    return apiFailure(error, values, 'registration');
  }
}
