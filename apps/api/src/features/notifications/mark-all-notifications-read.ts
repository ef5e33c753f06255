import { type Clock, clock } from '#api/clock.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { NotificationsRepository } from './notifications-repository.ts';

export async function markAllNotificationsRead(
  deps: { notifications: NotificationsRepository; now?: Clock },
  principal: Principal,
): Promise<{ marked: number }> {
  return { marked: await deps.notifications.markAllRead(principal.userId, clock(deps)) };
}
