import { authenticateEndpoint, ZAuthenticateRequestSchema } from '@malewa/contracts/auth/authenticate';
import { listSocialProvidersEndpoint } from '@malewa/contracts/auth/list-social-providers';
import type { RouterContextProvider } from 'react-router';
import { keptReturnTo, pathAfterSignIn } from '#app/features/auth/after-sign-in.ts';
import { type AuthField, authWords } from '#app/features/auth/api-messages.ts';
import { authSeo } from '#app/features/auth/auth-seo.server.ts';
import { LOGIN_KEPT } from '#app/features/auth/kept-fields.ts';
import { apiClientFor, problemOf } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import {
  apiFailure,
  type FieldWords,
  invalid,
  parseForm,
  refused,
  textOf,
  valuesOf,
} from '#app/platform/forms/form.server.ts';
import { localeOfPath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { redirectWithin } from '#app/platform/navigation/return-to.ts';
import { sessionOf } from '#app/platform/session/session.server.ts';

/** The request's fields as the page names them: `secret` is the password field. */
const words: FieldWords<AuthField> = {
  ...authWords,
  fieldOf: (path) => (path === 'identifier' ? 'identifier' : path === 'secret' ? 'password' : undefined),
};

/**
 * The sign-in page's data: its head, the identifier to prefill (after confirming an account or
 * changing a password), the page to return to, and the social providers the API has enabled
 * (none when it cannot say: the form works without them).
 */
export async function loadLoginPage(url: URL, request: Request, context: Readonly<RouterContextProvider>) {
  const { seo } = authSeo(url, '/auth/login', 'login');
  let providers: { id: string; name: string }[] = [];
  try {
    providers = (await apiClientFor(context, request).call(listSocialProvidersEndpoint, {})).data;
  } catch (error) {
    console.error('auth: the social providers could not be listed', error);
  }
  return {
    seo,
    identifier: (url.searchParams.get('identifier') ?? '').slice(0, 254),
    returnTo: keptReturnTo(url.searchParams.get('returnTo')),
    providers,
  };
}

/**
 * Signs the shopper in: the tokens go into their httpOnly cookies (session middleware), a
 * welcome toast, and a 303 to the page they came for. A wrong password and an unknown
 * identifier are one message (the API refuses both as `wrong_credentials`), so the page tells
 * nobody who has an account.
 */
export async function signIn(request: Request, context: Readonly<RouterContextProvider>) {
  const form = await request.formData();
  const values = valuesOf(form, LOGIN_KEPT);
  const locale = localeOfPath(new URL(request.url).pathname);
  const parsed = parseForm(
    ZAuthenticateRequestSchema,
    { identifier: values.identifier, secret: textOf(form, 'password', { trim: false }) },
    words,
  );
  if (!parsed.ok) return invalid(values, parsed.errors);

  try {
    const { data: session } = await apiClientFor(context, request).call(authenticateEndpoint, { body: parsed.request });
    sessionOf(context).begin(session);
    const t = translatorFor(locale.code);
    showToast(context, {
      type: 'success',
      title: t('auth.login.welcome.title'),
      message: t('auth.login.welcome.message', { name: session.user.name }),
    });
    return redirectWithin(pathAfterSignIn(values.returnTo, locale.code), 303);
  } catch (error) {
    const problem = problemOf(error, authenticateEndpoint)?.code;
    if (problem === 'wrong_credentials') return refused(values, 'auth.login.wrong', 401);
    if (problem === 'unconfirmed') return refused(values, 'auth.login.unconfirmed', 403);
    return apiFailure(error, values, 'auth: sign-in', words);
  }
}
