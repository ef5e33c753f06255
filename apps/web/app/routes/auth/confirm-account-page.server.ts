import {
  confirmVerificationEndpoint,
  ZConfirmVerificationRequestSchema,
} from '@malewa/contracts/auth/confirm-verification';
import { ZIdentifierSchema } from '@malewa/contracts/auth/fields';
import { type RouterContextProvider, redirect } from 'react-router';
import { keptReturnTo, pathAfterSignIn } from '#app/features/auth/after-sign-in.ts';
import { type AuthField, authWords } from '#app/features/auth/api-messages.ts';
import { CONFIRM_KEPT } from '#app/features/auth/kept-fields.ts';
import { CODE_LENGTH } from '#app/features/auth/password-rules.ts';
import { clearPendingSignInCookie, pendingSignInToken } from '#app/features/auth/pending-sign-in.server.ts';
import { ApiError, apiClientFor } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import { apiFailure, type FieldWords, invalid, refused, valuesOf } from '#app/platform/forms/form.server.ts';
import type { FieldErrors } from '#app/platform/forms/form-outcome.ts';
import { localeOfPath, localizePath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { sessionOf } from '#app/platform/session/session.server.ts';

const CODE = new RegExp(`^\\d{${CODE_LENGTH}}$`);

/** The API's `token` is the page's code field. */
const words: FieldWords<AuthField> = {
  ...authWords,
  fieldOf: (apiField) => (apiField === 'token' ? 'code' : apiField === 'identifier' ? 'identifier' : undefined),
};

/**
 * Confirms an account, with the 6-digit code and its identifier or with the token of the
 * message's link (a hidden field: the link's page asks for one click rather than confirming on
 * GET, which mail scanners and link previews would do for the shopper). Then on to sign in,
 * the identifier filled in.
 */
export async function confirmAccount(request: Request, context: Readonly<RouterContextProvider>) {
  const form = await request.formData();
  const values = valuesOf(form, CONFIRM_KEPT);
  const locale = localeOfPath(new URL(request.url).pathname);
  const byLink = values.token !== '';
  const signInToken = pendingSignInToken(request);
  let body: { token: string; identifier?: string; signInToken?: string };
  if (byLink) {
    body = { token: values.token };
  } else {
    // Spaces and dashes are how people copy codes ("123 456"); the API wants the digits.
    const code = values.code.replace(/[\s-]/g, '');
    const errors: FieldErrors<AuthField> = {};
    if (!CODE.test(code)) errors.code = 'auth.error.code';
    if (!ZIdentifierSchema.safeParse(values.identifier).success) errors.identifier = 'auth.error.identifier';
    if (errors.code || errors.identifier) return invalid(values, errors);
    body = { token: code, identifier: values.identifier };
  }
  const parsed = ZConfirmVerificationRequestSchema.safeParse(signInToken ? { ...body, signInToken } : body);
  if (!parsed.success) {
    return byLink
      ? refused({ ...values, token: '' }, 'auth.error.linkExpired', 400)
      : invalid(values, { code: 'auth.error.code' });
  }

  try {
    const { data: confirmed } = await apiClientFor(context, request).call(confirmVerificationEndpoint, {
      body: parsed.data,
    });
    const t = translatorFor(locale.code);
    if (confirmed.session) {
      // The browser that registered: signed in at once, on to where it was going (a join page)
      // or the home page of its language.
      sessionOf(context).begin(confirmed.session);
      const name = confirmed.session.user.name;
      showToast(context, {
        type: 'success',
        title: t('auth.confirm.done.title'),
        message: t('auth.social.welcome', { name }),
      });
      return redirect(pathAfterSignIn(values.returnTo, locale.code), {
        status: 303,
        headers: { 'Set-Cookie': clearPendingSignInCookie(context, request) },
      });
    }
    showToast(context, {
      type: 'success',
      title: t('auth.confirm.done.title'),
      message: t('auth.confirm.done.message'),
    });
    const returnTo = keptReturnTo(values.returnTo);
    const login = `${localizePath('/auth/login', locale.code)}?identifier=${encodeURIComponent(confirmed.credential.identifier)}${returnTo ? `&returnTo=${encodeURIComponent(returnTo)}` : ''}`;
    return redirect(login, 303);
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return refused(values, 'auth.error.inUse', 409);
    // A spent or expired link: the page offers the code form instead (the token is dropped).
    if (byLink && error instanceof ApiError && error.status === 400) {
      return refused({ ...values, token: '' }, 'auth.error.linkExpired', 400);
    }
    return apiFailure(error, values, 'auth: confirmation', words);
  }
}
