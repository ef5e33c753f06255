import { channelsOf } from '@malewa/contracts/account/notification-preferences';
import type { NotificationKind } from '@malewa/contracts/notifications/notification';
import type { NotificationsRepository } from '#api/features/notifications/notifications-repository.ts';
import type { PushRepository } from '#api/features/notifications/push-repository.ts';
import { noticeMessages } from '#api/messages/order-notices.ts';
import type { OutboxRepository } from '#api/messages/outbox-repository.ts';

/** One thing to tell one user, once: `dedupeKey` names the step (`accepted:{orderId}`). */
export interface Notice {
  userId: string;
  kind: NotificationKind;
  params: Record<string, string>;
  dedupeKey: string;
}

export interface NoticeDeps {
  notices: Pick<NotificationsRepository, 'notifyOnce' | 'reachOf'>;
  push: Pick<PushRepository, 'subscriptionsOf'>;
  outbox: Pick<OutboxRepository, 'enqueue'>;
  /** The storefront's address, for the links in messages. */
  publicOrigin: string;
}

/** One notice for each of a shop's people (`provider_members`), for `sendNotices`. */
export async function shopNotices(
  deps: { notices: Pick<NotificationsRepository, 'shopPeople'> },
  shopId: string,
  notice: Omit<Notice, 'userId'>,
): Promise<Notice[]> {
  return (await deps.notices.shopPeople(shopId)).map((userId) => ({ ...notice, userId }));
}

/**
 * Tells users about a step (an order's, a job's), within the transaction of the step itself:
 * the bell's notification, once per user and step whichever process gets there first; and only
 * when it is new, the same news by email, SMS and Web Push as the user's preferences say
 * (`channelsOf`), in their language. Everything commits with the step or not at all; the outbox
 * worker sends it afterwards, retrying what fails.
 */
export async function sendNotices(deps: NoticeDeps, notices: readonly Notice[]): Promise<void> {
  for (const notice of notices) {
    const isNew = await deps.notices.notifyOnce(notice.userId, notice.kind, notice.params, notice.dedupeKey);
    if (!isNew) continue;
    const reach = await deps.notices.reachOf(notice.userId);
    if (!reach) continue;
    const channels = channelsOf(reach.chosen, reach);
    const push = channels.push ? await deps.push.subscriptionsOf(notice.userId) : [];
    const messages = noticeMessages(deps.publicOrigin, notice, {
      locale: reach.locale,
      email: channels.email ? reach.email : null,
      phone: channels.sms ? reach.phone : null,
      push: push.map((subscription) => subscription.id),
    });
    for (const message of messages) await deps.outbox.enqueue(message);
  }
}
