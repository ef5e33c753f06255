import type { NotificationKind } from '@malewa/contracts/notifications/notification';
import type { NotificationsRepository } from '#api/features/notifications/notifications-repository.ts';

/** One thing to tell one user, once: `dedupeKey` names the step (`accepted:{orderId}`). */
export interface Notice {
  userId: string;
  kind: NotificationKind;
  params: Record<string, string>;
  dedupeKey: string;
}

export interface NoticeDeps {
  notices: Pick<NotificationsRepository, 'notifyOnce'>;
}

/**
 * Tells users about a step (an order's, a job's), within the transaction of the step itself:
 * the bell's notification, once per user and step whichever process gets there first.
 */
export async function sendNotices(deps: NoticeDeps, notices: readonly Notice[]): Promise<void> {
  for (const notice of notices) {
    await deps.notices.notifyOnce(notice.userId, notice.kind, notice.params, notice.dedupeKey);
  }
}
