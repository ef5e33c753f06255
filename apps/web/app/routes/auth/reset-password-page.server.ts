import { confirmResetEndpoint, ZConfirmResetRequestSchema } from '@malewa/contracts/auth/confirm-reset';
import { type RouterContextProvider, redirect } from 'react-router';
import { type AuthField, authWords } from '#app/features/auth/api-messages.ts';
import { RESET_KEPT } from '#app/features/auth/kept-fields.ts';
import { ApiError, apiClientFor } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import {
  apiFailure,
  type FieldWords,
  invalid,
  refused,
  schemaErrors,
  textOf,
  valuesOf,
} from '#app/platform/forms/form.server.ts';
import type { FieldErrors } from '#app/platform/forms/form-outcome.ts';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';

/** What the page names each field of the API's request. */
const words: FieldWords<AuthField> = {
  ...authWords,
  fieldOf: (path) =>
    path === 'newPassword' ? 'newPassword' : path === 'confirmNewPassword' ? 'confirmPassword' : undefined,
};

/**
 * Sets a new password with the token of the reset link. The API ends every session of the
 * account; the shopper signs in again with the new password, their identifier filled in. A
 * spent, expired or unknown link is one clear answer with the way to a new one.
 */
export async function resetPassword(request: Request, context: Readonly<RouterContextProvider>) {
  const form = await request.formData();
  const values = valuesOf(form, RESET_KEPT);
  const locale = localeOfPath(new URL(request.url).pathname);
  const body = {
    token: values.token,
    newPassword: textOf(form, 'newPassword', { trim: false }),
    confirmNewPassword: textOf(form, 'confirmNewPassword', { trim: false }),
  };
  if (body.token.trim() === '') return refused(values, 'auth.reset.invalid.message', 400);
  const parsed = ZConfirmResetRequestSchema.safeParse(body);
  // The schema's errors, then whether the two passwords match, in one answer.
  const errors: FieldErrors<AuthField> = parsed.success ? {} : schemaErrors(parsed.error, words);
  if (!errors.newPassword && body.newPassword !== body.confirmNewPassword) {
    errors.confirmPassword = 'auth.error.passwordsDiffer';
  }
  if (!parsed.success || errors.confirmPassword) return invalid(values, errors);

  try {
    const { data: reset } = await apiClientFor(context, request).call(confirmResetEndpoint, { body: parsed.data });
    const t = translatorFor(locale.code);
    showToast(context, { type: 'success', title: t('auth.reset.done.title'), message: t('auth.reset.done.message') });
    const login = `${localizePath('/auth/login', locale.code)}?identifier=${encodeURIComponent(reset.credential.identifier)}`;
    return redirect(login, 303);
  } catch (error) {
    if (error instanceof ApiError && error.status === 400 && 'token' in error.errors) {
      return refused(values, 'auth.reset.invalid.message', 400);
    }
    return apiFailure(error, values, 'auth: a password reset', words);
  }
}
