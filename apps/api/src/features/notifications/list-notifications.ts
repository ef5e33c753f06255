import { listMeta } from '@malewa/contracts/envelope';
import type {
  ListNotificationsRequest,
  ListNotificationsResponse,
} from '@malewa/contracts/notifications/list-notifications';
import type { Principal } from '#api/plugins/access-control.ts';
import type { NotificationsRepository } from './notifications-repository.ts';

/** The signed-in user's notifications, newest first, with how many are unread. */
export async function listNotifications(
  deps: { notifications: NotificationsRepository },
  principal: Principal,
  query: ListNotificationsRequest,
): Promise<ListNotificationsResponse> {
  const { items, total, unread } = await deps.notifications.list(principal.userId, {
    offset: (query.page - 1) * query.perPage,
    limit: query.perPage,
    unreadOnly: query.unread,
  });
  return { data: items, meta: { ...listMeta(query.page, query.perPage, total), unread } };
}
