import { type FinishSocialSignInQuery, finishSocialSignInEndpoint } from '@malewa/contracts/auth/finish-social-sign-in';
import { SOCIAL_PROVIDER_NAMES, SOCIAL_PROVIDERS, type SocialProvider } from '@malewa/contracts/auth/social-providers';
import { FLOW_TOKEN_HEADER, startSocialSignInEndpoint } from '@malewa/contracts/auth/start-social-sign-in';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { configContext } from '#app/context.ts';
import { keptReturnTo, pathAfterSignIn } from '#app/features/auth/after-sign-in.ts';
import {
  callbackUrl,
  clearFlowCookie,
  flowCookie,
  readFlow,
  type SocialIntent,
} from '#app/features/auth/social-flow.server.ts';
import { ApiError, apiClientFor } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import { DEFAULT_LOCALE, findLocale, type LocaleCode, localizePath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import type { MessageKey } from '#app/platform/i18n/translator.ts';
import { redirectWithin } from '#app/platform/navigation/return-to.ts';
import { sessionOf } from '#app/platform/session/session.server.ts';

function providerOf(name: string | undefined): SocialProvider {
  if (!(SOCIAL_PROVIDERS as readonly string[]).includes(name ?? '')) throw data(null, { status: 404 });
  return name as SocialProvider;
}

/** Back to the sign-in page (or, connecting a provider, the account page) with an error toast. */
function failed(
  context: Readonly<RouterContextProvider>,
  locale: LocaleCode,
  intent: SocialIntent,
  provider: SocialProvider,
  message: MessageKey,
  minutes?: number,
) {
  const t = translatorFor(locale);
  showToast(context, {
    type: 'error',
    title: t('auth.social.error.title'),
    message: t(message, { provider: SOCIAL_PROVIDER_NAMES[provider], minutes: minutes ?? 1 }),
  });
  return localizePath(intent === 'link' ? '/account/sign-in-methods' : '/auth/login', locale);
}

/**
 * `GET /auth/social/:provider?lang=&returnTo=&intent=`: the login page's "Continue with …"
 * link (a link, not a form: decision 12). Starts the flow at the API, keeps its token in the
 * flow cookie and sends the browser to the provider. `intent=link` connects the provider to
 * the signed-in account (the account page), so the call carries the shopper's session.
 */
export async function startSocialSignIn(
  providerName: string | undefined,
  url: URL,
  request: Request,
  context: Readonly<RouterContextProvider>,
) {
  const provider = providerOf(providerName);
  const locale = findLocale(url.searchParams.get('lang') ?? undefined)?.code ?? DEFAULT_LOCALE;
  const intent: SocialIntent = url.searchParams.get('intent') === 'link' ? 'link' : 'sign-in';
  const returnTo = keptReturnTo(url.searchParams.get('returnTo')) || undefined;
  const session = intent === 'link' ? sessionOf(context) : undefined;
  const { publicOrigin } = context.get(configContext);
  try {
    const { data: flow } = await apiClientFor(context, request, session).call(startSocialSignInEndpoint, {
      params: { provider },
      body: { redirectUri: callbackUrl(publicOrigin, provider), intent, locale, returnTo },
    });
    return redirect(flow.authorizationUrl, {
      status: 303,
      headers: { 'Set-Cookie': flowCookie({ token: flow.flowToken, locale, intent }, context, request) },
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) {
      const minutes = error.retryAfterMinutes;
      return redirect(failed(context, locale, intent, provider, 'auth.error.rateLimited', minutes), 303);
    }
    if (error instanceof ApiError && error.status === 401) {
      return redirect(localizePath('/auth/login', locale), 303);
    }
    if (!(error instanceof ApiError && error.status === 404))
      console.error(`auth: ${provider} sign-in could not start`, error);
    return redirect(failed(context, locale, intent, provider, 'auth.social.unavailable'), 303);
  }
}

/**
 * `GET /auth/account/:provider/callback`: where the provider sends the browser back. Its query
 * goes to the API as it came, with the flow token from the cookie; a sign-in begins the
 * session (httpOnly cookies) and returns to the page the shopper started from. Whatever the
 * outcome the flow cookie is spent.
 */
export async function finishSocialSignIn(
  providerName: string | undefined,
  url: URL,
  request: Request,
  context: Readonly<RouterContextProvider>,
) {
  const provider = providerOf(providerName);
  const flow = readFlow(request);
  const locale = flow?.locale ?? DEFAULT_LOCALE;
  const intent = flow?.intent ?? 'sign-in';
  const headers = { 'Set-Cookie': clearFlowCookie(context, request) };
  const session = sessionOf(context);
  const query = Object.fromEntries([...url.searchParams].slice(0, 20));
  let destination: string;
  try {
    const api = apiClientFor(context, request, session.signedIn ? session : undefined);
    const { data: result } = await api.call(finishSocialSignInEndpoint, {
      params: { provider },
      // As the provider sent it: `call` checks it, one without `state` is refused as the API would (400).
      query: query as FinishSocialSignInQuery,
      headers: flow ? { [FLOW_TOKEN_HEADER]: flow.token } : {},
    });
    if (result.intent === 'sign-in') {
      session.begin(result.session);
      const userLocale = findLocale(result.session.user.locale)?.code ?? locale;
      const t = translatorFor(userLocale);
      const name = result.session.user.name;
      showToast(context, {
        type: 'success',
        title: t('auth.login.welcome.title'),
        message: result.newAccount ? t('auth.social.welcome', { name }) : t('auth.login.welcome.message', { name }),
      });
      destination = pathAfterSignIn(result.returnTo, userLocale);
    } else {
      const t = translatorFor(locale);
      showToast(context, {
        type: 'success',
        title: t('auth.social.linked.title'),
        message: t('auth.social.linked.message', { provider: SOCIAL_PROVIDER_NAMES[provider] }),
      });
      destination = keptReturnTo(result.returnTo) || localizePath('/account', locale);
    }
  } catch (error) {
    destination = failed(context, locale, intent, provider, ...callbackFailure(error, url, intent));
  }
  return redirectWithin(destination, { status: 303, headers });
}

/** Which message a refused callback gets. */
function callbackFailure(error: unknown, url: URL, intent: SocialIntent): [MessageKey, number?] {
  if (!(error instanceof ApiError)) {
    console.error('auth: a social sign-in could not be finished', error);
    return ['auth.social.unavailable'];
  }
  if (error.status === 429) return ['auth.error.rateLimited', error.retryAfterMinutes];
  if (error.status === 409) return [intent === 'link' ? 'auth.social.linkConflict' : 'auth.social.emailInUse'];
  if (error.status === 400 && url.searchParams.has('error')) return ['auth.social.cancelled'];
  if (error.status === 400 || error.status === 401 || error.status === 404) return ['auth.social.failed'];
  console.error('auth: a social sign-in could not be finished', error);
  return ['auth.social.unavailable'];
}
