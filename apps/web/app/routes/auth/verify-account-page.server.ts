import {
  requestVerificationEndpoint,
  ZRequestVerificationRequestSchema,
} from '@malewa/contracts/auth/request-verification';
import { type RouterContextProvider, redirect } from 'react-router';
import { authWords } from '#app/features/auth/api-messages.ts';
import { IDENTIFIER_KEPT } from '#app/features/auth/kept-fields.ts';
import { apiClientFor } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import { apiFailure, invalid, parseForm, valuesOf } from '#app/platform/forms/form.server.ts';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';

/**
 * Asks for a new confirmation code. The API accepts every request alike (decision 6), so the
 * page goes on to the code form whoever asked, with a notice that does not say whether an
 * account waits there.
 */
export async function requestCode(request: Request, context: Readonly<RouterContextProvider>) {
  const form = await request.formData();
  const values = valuesOf(form, IDENTIFIER_KEPT);
  const locale = localeOfPath(new URL(request.url).pathname);
  const parsed = parseForm(ZRequestVerificationRequestSchema, { identifier: values.identifier }, authWords);
  if (!parsed.ok) return invalid(values, parsed.errors);

  try {
    await apiClientFor(context, request).call(requestVerificationEndpoint, { body: parsed.request });
    const t = translatorFor(locale.code);
    showToast(context, {
      type: 'info',
      title: t('auth.verify.sent.title'),
      message: t('auth.verify.sent.message', { identifier: parsed.request.identifier }),
    });
    const next = `${localizePath('/auth/confirm-account', locale.code)}?identifier=${encodeURIComponent(parsed.request.identifier)}`;
    return redirect(next, 303);
  } catch (error) {
    return apiFailure(error, values, 'auth: a new confirmation code', authWords);
  }
}
