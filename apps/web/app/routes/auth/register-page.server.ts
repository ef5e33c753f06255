import { registerAccountEndpoint, ZRegisterRequestSchema } from '@malewa/contracts/auth/register';
import { type RouterContextProvider, redirect } from 'react-router';
import { keptReturnTo } from '#app/features/auth/after-sign-in.ts';
import { authWords } from '#app/features/auth/api-messages.ts';
import { REGISTER_KEPT } from '#app/features/auth/kept-fields.ts';
import { pendingSignInCookie } from '#app/features/auth/pending-sign-in.server.ts';
import { apiClientFor } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import { apiFailure, invalid, parseForm, textOf, valuesOf } from '#app/platform/forms/form.server.ts';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';

/**
 * Opens an account in the page's language (the API writes its messages in it; the market is
 * the footer's, sent as X-STORE-ID by the API client). The API answers the same whether the
 * identifier was new or not (decision 6), so the page always goes on to the code.
 */
export async function register(request: Request, context: Readonly<RouterContextProvider>) {
  const form = await request.formData();
  const values = valuesOf(form, REGISTER_KEPT);
  const locale = localeOfPath(new URL(request.url).pathname);
  const parsed = parseForm(
    ZRegisterRequestSchema,
    {
      name: values.name,
      surname: values.surname,
      credential: { identifier: values.identifier, secret: textOf(form, 'password', { trim: false }) },
      locale: locale.code,
    },
    authWords,
  );
  if (!parsed.ok) return invalid(values, parsed.errors);

  try {
    const { data: accepted } = await apiClientFor(context, request).call(registerAccountEndpoint, {
      body: parsed.request,
    });
    const t = translatorFor(locale.code);
    showToast(context, {
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
    return apiFailure(error, values, 'auth: registration', authWords);
  }
}
