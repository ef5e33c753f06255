import type { Db } from '@malewa/db/database';
import { pushSubscriptions, vapidKeys } from '@malewa/db/schema/notifications';
import { and, count, eq, sql } from 'drizzle-orm';

export interface PushSubscriptionRow {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * The browsers that receive Web Push (`push_subscriptions`) and this installation's VAPID key
 * pair (`vapid_keys`): their one writer.
 */
export function createPushRepository(db: Db) {
  return {
    /**
     * A browser's subscription for `userId`. An endpoint is one browser: registered again (new
     * keys, or another account signed in on that phone) it is updated and becomes this user's.
     */
    async subscribe(userId: string, subscription: { endpoint: string; p256dh: string; auth: string }): Promise<string> {
      const [row] = await db
        .insert(pushSubscriptions)
        .values({ userId, ...subscription })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId, p256dh: subscription.p256dh, auth: subscription.auth, failures: 0 },
        })
        .returning({ id: pushSubscriptions.id });
      if (!row) throw new Error('The push subscription just saved is gone');
      return row.id;
    },

    /** Forgets one of the user's browsers; another user's endpoint is left alone (false). */
    async unsubscribe(userId: string, endpoint: string): Promise<boolean> {
      const removed = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
        .returning({ id: pushSubscriptions.id });
      return removed.length > 0;
    },

    async subscriptionsOf(userId: string): Promise<PushSubscriptionRow[]> {
      return db
        .select({
          id: pushSubscriptions.id,
          userId: pushSubscriptions.userId,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(pushSubscriptions.createdAt, pushSubscriptions.id);
    },

    async countOf(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
      return row?.n ?? 0;
    },

    async subscriptionById(id: string): Promise<PushSubscriptionRow | undefined> {
      const [row] = await db
        .select({
          id: pushSubscriptions.id,
          userId: pushSubscriptions.userId,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.id, id));
      return row;
    },

    /** The push service says the browser is gone (404, 410): nothing will reach it again. */
    async forget(id: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },

    /** A send to it failed (counted), or went through (the count starts again). */
    async recordAttempt(id: string, ok: boolean): Promise<void> {
      await db
        .update(pushSubscriptions)
        .set({ failures: ok ? 0 : sql`${pushSubscriptions.failures} + 1` })
        .where(
          ok ? and(eq(pushSubscriptions.id, id), sql`${pushSubscriptions.failures} > 0`) : eq(pushSubscriptions.id, id),
        );
    },

    /**
     * The installation's key pair: `made` is stored unless a pair already is, and the stored one
     * is answered, so every API process (started together or not) signs with the same pair.
     */
    async vapidKeys(made: {
      publicKey: string;
      privateKey: string;
    }): Promise<{ publicKey: string; privateKey: string }> {
      await db
        .insert(vapidKeys)
        .values({ id: 1, ...made })
        .onConflictDoNothing({ target: vapidKeys.id });
      const [row] = await db
        .select({ publicKey: vapidKeys.publicKey, privateKey: vapidKeys.privateKey })
        .from(vapidKeys)
        .where(eq(vapidKeys.id, 1));
      if (!row) throw new Error('The VAPID keys just stored are gone');
      return row;
    },
  };
}

export type PushRepository = ReturnType<typeof createPushRepository>;
