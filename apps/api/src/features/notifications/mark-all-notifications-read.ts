import type { Principal } from '../../plugins/access-control.ts';
import type { NotificationsRepository } from './notifications-repository.ts';

export async function markAllNotificationsRead(
  deps: { notifications: NotificationsRepository; now?: () => Date },
  principal: Principal,
): Promise<{ marked: number }> {
  return { marked: await deps.notifications.markAllRead(principal.userId, deps.now?.() ?? new Date()) };
}
