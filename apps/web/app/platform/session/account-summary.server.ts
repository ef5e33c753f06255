import { MARKET_TIME_ZONES } from '@malewa/contracts/country-codes';
import { listNotificationsEndpoint } from '@malewa/contracts/notifications/list-notifications';
import type { RouterContextProvider } from 'react-router';
import { ApiError, apiClientFor } from '../api-client/api-client.server.ts';
import type { Locale } from '../i18n/locales.ts';
import { translatorFor } from '../i18n/messages.server.ts';
import { formattingTag } from '../markets/formatting-tag.ts';
import { notificationText } from '../notifications/notification-text.ts';
import { formatWhen } from '../notifications/notification-time.ts';
import { type AccountSummary, HEADER_NOTIFICATIONS } from './account-summary.ts';
import { loadMe } from './me.server.ts';
import { sessionOf } from './session.server.ts';

/**
 * The header's account data for this request: the spec's "logged-in header loads the current
 * user", done on the server. A 401 that renewing could not cure has already ended the session
 * (its cookies go in this response): the shopper is anonymous from here on.
 */
export async function loadAccountSummary(
  context: Readonly<RouterContextProvider>,
  request: Request,
  locale: Locale,
  now = Date.now(),
): Promise<AccountSummary> {
  const session = sessionOf(context);
  if (!session.signedIn) return { state: 'anonymous' };
  const api = apiClientFor(context, request, session);
  try {
    const [me, notifications] = await Promise.all([
      loadMe(context, request),
      api.call(listNotificationsEndpoint, { query: { perPage: HEADER_NOTIFICATIONS } }),
    ]);
    const { name, surname, email, phone, avatarUrl, market } = me.user;
    const t = translatorFor(locale.code);
    const tag = formattingTag(locale.iso, market);
    return {
      state: 'signed-in',
      user: { name, surname, email, phone, avatarUrl, market },
      notifications: {
        items: notifications.data.map((item) => ({
          id: item.id,
          read: item.read,
          ...notificationText(item, t, { name }, tag),
          createdAt: item.createdAt,
          when: formatWhen(item.createdAt, now, tag, MARKET_TIME_ZONES[market]),
        })),
        unread: notifications.meta.unread,
      },
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { state: 'anonymous' };
    console.error('account: the signed-in user could not be loaded', error);
    return { state: session.signedIn ? 'unavailable' : 'anonymous' };
  }
}
