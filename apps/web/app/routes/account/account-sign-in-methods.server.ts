import { listIdentitiesEndpoint } from '@malewa/contracts/auth/list-identities';
import { listSocialProvidersEndpoint } from '@malewa/contracts/auth/list-social-providers';
import { SOCIAL_PROVIDER_NAMES, SOCIAL_PROVIDERS, type SocialProvider } from '@malewa/contracts/auth/social-providers';
import { unlinkIdentityEndpoint } from '@malewa/contracts/auth/unlink-identity';
import type { RouterContextProvider } from 'react-router';
import { ApiError, apiClientFor } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import { apiFailure, done, invalid, refused } from '#app/platform/forms/form.server.ts';
import type { FormOutcome } from '#app/platform/forms/form-outcome.ts';
import { localeOfPath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { sessionOf } from '#app/platform/session/session.server.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';

/** One way to sign in with a provider, as the page shows it. */
export interface SignInMethod {
  readonly provider: SocialProvider;
  readonly name: string;
  /** Connected: the address the provider gave, and since when. */
  readonly connected: { readonly email: string | null; readonly linkedAt: string } | null;
  /** Whether a new connection can be started (the provider is enabled at the API). */
  readonly connectable: boolean;
}

/**
 * The providers the shopper can connect and those already connected (one may be connected
 * and since disabled: it is still listed, so it can be disconnected).
 */
export async function loadSignInMethods(
  context: Readonly<RouterContextProvider>,
  request: Request,
  url: URL,
): Promise<SignInMethod[]> {
  const api = apiClientFor(context, request, sessionOf(context));
  const [enabled, identities] = await signedInCall(
    url,
    () => Promise.all([api.call(listSocialProvidersEndpoint, {}), api.call(listIdentitiesEndpoint, {})]),
    { notFound: 'caller' },
  );
  const on = new Set(enabled.data.map((provider) => provider.id));
  return SOCIAL_PROVIDERS.filter((id) => on.has(id) || identities.data.some((i) => i.provider === id)).map((id) => {
    const identity = identities.data.find((i) => i.provider === id);
    return {
      provider: id,
      name: SOCIAL_PROVIDER_NAMES[id],
      connected: identity ? { email: identity.email, linkedAt: identity.linkedAt } : null,
      connectable: on.has(id),
    };
  });
}

/** Nothing typed to keep; a refusal names the provider (`details`) that stays connected. */
export type UnlinkOutcome = FormOutcome<Record<never, string>, never, true, { provider: string }>;

/**
 * Disconnects a provider (DELETE /auth/account/identities/{provider}). The API refuses (422)
 * when it is the account's only way to sign in; one that was not connected (404) is already
 * what the shopper wanted.
 */
export async function unlinkProvider(request: Request, context: Readonly<RouterContextProvider>) {
  const url = new URL(request.url);
  const form = await request.formData();
  const provider = form.get('provider');
  if (!(SOCIAL_PROVIDERS as readonly unknown[]).includes(provider)) {
    return invalid({}, { form: 'account.error.failed' });
  }
  const id = provider as SocialProvider;
  const t = translatorFor(localeOfPath(url.pathname).code);
  const name = SOCIAL_PROVIDER_NAMES[id];
  const api = apiClientFor(context, request, sessionOf(context));
  try {
    await signedInCall(url, () => api.call(unlinkIdentityEndpoint, { params: { provider: id } }), {
      notFound: 'caller',
    });
  } catch (error) {
    // signedInCall's way to the sign-in page.
    if (error instanceof Response) throw error;
    if (error instanceof ApiError && error.status === 422) {
      return refused({}, 'account.methods.onlyWay', 422, { details: { provider: name } });
    }
    if (!(error instanceof ApiError && error.status === 404)) {
      return apiFailure(error, {}, 'sign-in methods: disconnecting the provider');
    }
  }
  showToast(context, {
    type: 'success',
    title: t('account.methods.disconnected.title'),
    message: t('account.methods.disconnected', { provider: name }),
  });
  return done(true);
}
