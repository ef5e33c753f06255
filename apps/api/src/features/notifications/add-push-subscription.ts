import { channelsOf, type PushSubscriptionRequest } from '@malewa/contracts/account/notification-preferences';
import { type Clock, clock } from '#api/clock.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import type { TransactionDeps } from '#api/transaction-deps.ts';
import type { NotificationsRepository } from './notifications-repository.ts';
import type { PushRepository } from './push-repository.ts';

/**
 * This browser receives the user's notices by Web Push. Asking for it is choosing it: push is
 * turned on in the user's preferences (the other channels as they were, or their defaults).
 */
export async function addPushSubscription(
  deps: TransactionDeps & {
    notifications: Pick<NotificationsRepository, 'reachOf' | 'choose'>;
    push: Pick<PushRepository, 'subscribe'>;
    now?: Clock | undefined;
  },
  principal: Principal,
  request: PushSubscriptionRequest,
): Promise<{ id: string }> {
  return deps.transaction(async () => {
    const id = await deps.push.subscribe(principal.userId, {
      endpoint: request.endpoint,
      p256dh: request.keys.p256dh,
      auth: request.keys.auth,
    });
    const reach = await deps.notifications.reachOf(principal.userId);
    const channels = channelsOf(reach?.chosen ?? null, { email: reach?.email ?? null, phone: reach?.phone ?? null });
    if (!channels.push || !reach?.chosen) {
      await deps.notifications.choose(principal.userId, { ...channels, push: true }, clock(deps));
    }
    return { id };
  });
}
