import { addPushSubscriptionEndpoint } from '@malewa/contracts/account/add-push-subscription';
import { getNotificationPreferencesEndpoint } from '@malewa/contracts/account/get-notification-preferences';
import { removePushSubscriptionEndpoint } from '@malewa/contracts/account/remove-push-subscription';
import { updateNotificationPreferencesEndpoint } from '@malewa/contracts/account/update-notification-preferences';
import type { RouterContextProvider } from 'react-router';
import { ApiError, apiClientFor } from '#app/platform/api-client/api-client.server.ts';
import { showToast } from '#app/platform/feedback/toast.server.ts';
import { apiFailure, done, refused, textOf } from '#app/platform/forms/form.server.ts';
import type { FormOutcome } from '#app/platform/forms/form-outcome.ts';
import { localeOfPath } from '#app/platform/i18n/locales.ts';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { loadMe } from '#app/platform/session/me.server.ts';
import { sessionOf } from '#app/platform/session/session.server.ts';
import { signedInCall } from '#app/platform/session/signed-in-call.server.ts';

type Context = Readonly<RouterContextProvider>;

/** The page's channels, as its checkboxes name them. */
export const CHANNELS = ['email', 'sms', 'push'] as const;
export type Channel = (typeof CHANNELS)[number];
export type ChannelValues = Record<Channel, boolean>;

/** What a post of the page came to: its choices saved, or this browser's push turned on or off. */
export type NotificationsOutcome = FormOutcome<ChannelValues, never, { savedAt: number }> & {
  intent?: 'save' | 'subscribe' | 'unsubscribe';
};

/**
 * `/account/notifications`: how the shopper hears about their orders besides the bell, with
 * the address and number messages go to, and the key a browser subscribes to push with.
 */
export async function loadNotificationsPage(url: URL, request: Request, context: Context) {
  const locale = localeOfPath(url.pathname);
  const t = translatorFor(locale.code);
  const [preferences, me] = await signedInCall(url, () =>
    Promise.all([
      apiClientFor(context, request, sessionOf(context)).call(getNotificationPreferencesEndpoint, {}),
      loadMe(context, request),
    ]),
  );
  return {
    preferences: preferences.data,
    contacts: { email: me.user.email, phone: me.user.phone },
    title: `${t('account.notifications.title')} | ${t('site.name')}`,
  };
}

/**
 * The page's posts. `intent=save` (the form, with or without JavaScript): the checked boxes
 * are the channels, an unchecked box is absent. `intent=subscribe` and `unsubscribe`: this
 * browser's push subscription, posted by the page's script once the browser made it.
 */
export async function submitNotificationsPage(url: URL, request: Request, context: Context) {
  const form = await request.formData();
  const t = translatorFor(localeOfPath(url.pathname).code);
  const api = apiClientFor(context, request, sessionOf(context));
  const intent = textOf(form, 'intent');
  const values: ChannelValues = { email: form.has('email'), sms: form.has('sms'), push: form.has('push') };
  return signedInCall(url, async () => {
    try {
      if (intent === 'subscribe' || intent === 'unsubscribe') {
        const endpoint = textOf(form, 'endpoint');
        if (intent === 'subscribe') {
          await api.call(addPushSubscriptionEndpoint, {
            body: { endpoint, keys: { p256dh: textOf(form, 'p256dh'), auth: textOf(form, 'auth') } },
          });
        } else {
          await api.call(removePushSubscriptionEndpoint, { body: { endpoint } });
        }
        return done({ savedAt: Date.now() }, { intent });
      }
      await api.call(updateNotificationPreferencesEndpoint, { body: values });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) throw error;
      if (intent === 'subscribe' || intent === 'unsubscribe') {
        return refused(values, 'account.notifications.pushFailed', 400, { intent });
      }
      return apiFailure(error, values, 'notifications: saving the preferences', undefined, { intent: 'save' });
    }
    showToast(context, {
      type: 'success',
      title: t('account.notifications.saved.title'),
      message: t('account.notifications.saved.body'),
    });
    return done({ savedAt: Date.now() }, { intent: 'save' });
  });
}
