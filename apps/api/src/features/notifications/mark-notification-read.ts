import type { NotificationItem } from '@malewa/contracts/notifications/notification';
import { AppError } from '#api/app-error.ts';
import { type Clock, clock } from '#api/clock.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { NotificationsRepository } from './notifications-repository.ts';

/** Marks one of the user's own notifications read; anyone else's is a 404, like a missing one. */
export async function markNotificationRead(
  deps: { notifications: NotificationsRepository; now?: Clock },
  principal: Principal,
  id: string,
): Promise<NotificationItem> {
  const item = await deps.notifications.markRead(principal.userId, id, clock(deps));
  if (!item) throw new AppError('NOT_FOUND', 'This notification does not exist.');
  return item;
}
