import type { Agent } from 'node:https';
import webPush from 'web-push';
import type { OutgoingMessage, Transport } from './transports.ts';
import type { VapidKeys } from './vapid-keys.ts';

/** The browsers push messages go to (features/notifications' push repository). */
export interface PushSubscriptions {
  subscriptionById(id: string): Promise<{ endpoint: string; p256dh: string; auth: string } | undefined>;
  forget(id: string): Promise<void>;
  recordAttempt(id: string, ok: boolean): Promise<void>;
}

/** How long a push service keeps a message for a phone that is off: an order's step is stale after a day. */
const TTL_S = 24 * 60 * 60;

/**
 * Web Push: the outbox row's `recipient` is the subscription's id and its `body` the
 * notification's JSON (`{ title, body, url, tag }`), encrypted for the browser (aes128gcm) and
 * signed with the installation's VAPID keys. A push service answering 404 or 410 says the
 * browser unsubscribed: the subscription is deleted and the message counts as done; any other
 * failure throws, and the outbox tries again later as for email and SMS.
 */
export function createPushTransport(
  subscriptions: PushSubscriptions,
  keys: () => Promise<VapidKeys>,
  /** An agent for the push services' TLS (tests: a local service with its own certificate). */
  options: { agent?: Agent; timeoutMs?: number } = {},
): Transport {
  return {
    name: 'web-push',
    async send(message: OutgoingMessage) {
      const subscription = await subscriptions.subscriptionById(message.recipient);
      // Unsubscribed since: nobody is left to tell.
      if (!subscription) return { location: 'gone' };
      const vapid = await keys();
      try {
        await webPush.sendNotification(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          message.body,
          {
            vapidDetails: vapid,
            TTL: TTL_S,
            urgency: 'high',
            timeout: options.timeoutMs ?? 10_000,
            ...(options.agent ? { agent: options.agent } : {}),
          },
        );
      } catch (error) {
        if (error instanceof webPush.WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
          await subscriptions.forget(message.recipient);
          return { location: 'gone' };
        }
        await subscriptions.recordAttempt(message.recipient, false);
        throw error instanceof webPush.WebPushError
          ? new Error(`push service answered ${error.statusCode}`, { cause: error })
          : error;
      }
      await subscriptions.recordAttempt(message.recipient, true);
      return { location: new URL(subscription.endpoint).host };
    },
  };
}
