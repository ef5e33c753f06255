import { getHeaderEndpoint } from '@malewa/contracts/account/get-header';
import { MARKET_TIME_ZONES } from '@malewa/contracts/country-codes';
import type { RouterContextProvider } from 'react-router';
import { ApiError, apiClientFor } from '../api-client/api-client.server.ts';
import type { Locale } from '../i18n/locales.ts';
import { translatorFor } from '../i18n/messages.server.ts';
import { formattingTag } from '../markets/formatting-tag.ts';
import { notificationText } from '../notifications/notification-text.ts';
import { formatWhen } from '../notifications/notification-time.ts';
import type { AccountSummary } from './account-summary.ts';
import { shareMe } from './me.server.ts';
import { sessionOf } from './session.server.ts';

/**
 * The header's data for this request: the spec's "logged-in header loads the current user",
 * done on the server. A signed-in shopper's account, notifications and cart lines come in one
 * API call (GET /api/account/header), since every rendered page asks. `cartLines` is undefined
 * when no one is signed in (a guest's cart is counted by the caller), null when the API could not say.
 * A 401 that renewing could not cure has already ended the session (its cookies go in this
 * response): the shopper is anonymous from here on.
 */
export async function loadAccountSummary(
  context: Readonly<RouterContextProvider>,
  request: Request,
  locale: Locale,
  now = Date.now(),
): Promise<{ account: AccountSummary; cartLines?: number | null }> {
  const session = sessionOf(context);
  if (!session.signedIn) return { account: { state: 'anonymous' } };
  const asked = apiClientFor(context, request, session)
    .call(getHeaderEndpoint, {})
    .then((response) => response.data);
  // Before any wait: the page's own loaders, started after the root's, read /user/me from it.
  shareMe(
    context,
    asked.then((header) => header.me),
  );
  try {
    const header = await asked;
    const { name, surname, email, phone, avatarUrl, market } = header.me.user;
    const t = translatorFor(locale.code);
    const tag = formattingTag(locale.iso, market);
    return {
      account: {
        state: 'signed-in',
        user: { name, surname, email, phone, avatarUrl, market },
        notifications: {
          items: header.notifications.data.map((item) => ({
            id: item.id,
            read: item.read,
            ...notificationText(item, t, { name }, tag),
            createdAt: item.createdAt,
            when: formatWhen(item.createdAt, now, tag, MARKET_TIME_ZONES[market]),
          })),
          unread: header.notifications.unread,
        },
      },
      cartLines: header.carts?.lineCount ?? null,
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { account: { state: 'anonymous' } };
    console.error('account: the signed-in user could not be loaded', error);
    // The header then shows neither a wrong name nor a wrong count.
    return { account: { state: 'unavailable' }, cartLines: null };
  }
}
