import type { NotificationChannels } from '@malewa/contracts/account/notification-preferences';
import type { NotificationItem, NotificationKind } from '@malewa/contracts/notifications/notification';
import type { Db } from '@malewa/db/database';
import { users } from '@malewa/db/schema/accounts';
import { providerMembers } from '@malewa/db/schema/catalog';
import { notificationPreferences, notifications } from '@malewa/db/schema/notifications';
import { and, desc, eq, getTableColumns, isNull, type SQL, sql } from 'drizzle-orm';
import { createPreparedStatements } from '#api/prepared-statements-sql.ts';

/** Who a notice reaches and how: the account's contacts, language and choices (null: none made). */
export interface Reach {
  email: string | null;
  phone: string | null;
  locale: string;
  chosen: NotificationChannels | null;
}

type Row = typeof notifications.$inferSelect;

/** The notifications a list shows: the user's, or only their unread ones. */
function listed(userId: string, unreadOnly: boolean): SQL {
  const mine = eq(notifications.userId, userId);
  return unreadOnly ? (and(mine, isNull(notifications.readAt)) ?? mine) : mine;
}

function toItem(row: Row): NotificationItem {
  return {
    id: row.id,
    kind: row.kind,
    params: row.params,
    read: row.readAt !== null,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The notifications' one writer. Every query is scoped to its owner: another user's
 * notification is simply not found.
 */
export function createNotificationsRepository(db: Db) {
  // Every order placed asks for its shop's people: built once (decision 25).
  const prepared = createPreparedStatements();
  return {
    /** A new notification (auth's `AccountNotices`: within the transaction of what it tells about). */
    async notify(userId: string, kind: NotificationKind, params: Record<string, string> = {}): Promise<void> {
      await db.insert(notifications).values({ userId, kind, params });
    },

    /**
     * A notice about one step, once per user and `dedupeKey`: true when it is new, false when
     * that step was already told (by this process or another), so nothing more is sent.
     */
    async notifyOnce(
      userId: string,
      kind: NotificationKind,
      params: Record<string, string>,
      dedupeKey: string,
    ): Promise<boolean> {
      const inserted = await db
        .insert(notifications)
        .values({ userId, kind, params, dedupeKey })
        .onConflictDoNothing({
          target: [notifications.userId, notifications.dedupeKey],
          where: sql`${notifications.dedupeKey} is not null`,
        })
        .returning({ id: notifications.id });
      return inserted.length > 0;
    },

    /** A user's contacts, language and channel choices, in one read; undefined for no such user. */
    async reachOf(userId: string): Promise<Reach | undefined> {
      const [row] = await db
        .select({
          email: users.email,
          phone: users.phone,
          locale: users.locale,
          chosen: {
            email: notificationPreferences.email,
            sms: notificationPreferences.sms,
            push: notificationPreferences.push,
          },
        })
        .from(users)
        .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
        .where(eq(users.id, userId));
      return row;
    },

    /** Who hears a shop's news (a new order): its people. */
    async shopPeople(shopId: string): Promise<string[]> {
      const rows = await prepared('shop_people', '', { shopId }, (bind) =>
        db
          .select({ userId: providerMembers.userId })
          .from(providerMembers)
          .where(eq(providerMembers.providerId, bind('shopId') as string))
          .orderBy(providerMembers.userId),
      );
      return rows.map((row) => row.userId);
    },

    /** The user's choice of channels, replacing any earlier one. */
    async choose(userId: string, channels: NotificationChannels, now: Date): Promise<void> {
      await db
        .insert(notificationPreferences)
        .values({ userId, ...channels, updatedAt: now })
        .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...channels, updatedAt: now } });
    },

    /**
     * A page of the user's notifications, newest first, with how many there are (as filtered)
     * and how many unread: one prepared statement, as every signed-in page's header asks for it
     * (three statements built anew before). The counts are window aggregates, taken over the
     * filtered rows before the limit; a page past the end has no row to carry them, and asks
     * for the counts alone.
     */
    async list(userId: string, query: { offset: number; limit: number; unreadOnly: boolean }) {
      const rows = await prepared(
        'notifications_page',
        query.unreadOnly ? 'unread' : 'all',
        { userId, limit: query.limit, offset: query.offset },
        (bind) =>
          db
            .select({
              ...getTableColumns(notifications),
              total: sql<number>`count(*) over ()`.mapWith(Number),
              unread: sql<number>`count(*) filter (where ${notifications.readAt} is null) over ()`.mapWith(Number),
            })
            .from(notifications)
            .where(listed(bind('userId') as string, query.unreadOnly))
            .orderBy(desc(notifications.createdAt), desc(notifications.id))
            .limit(bind('limit') as number)
            .offset(bind('offset') as number),
      );
      const [first] = rows;
      if (first) return { items: rows.map(toItem), total: first.total, unread: first.unread };
      if (query.offset === 0) return { items: [], total: 0, unread: 0 };
      const [counts] = await db
        .select({
          total: sql<number>`count(*) filter (where ${listed(userId, query.unreadOnly)})`.mapWith(Number),
          unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number),
        })
        .from(notifications)
        .where(eq(notifications.userId, userId));
      return { items: [], total: counts?.total ?? 0, unread: counts?.unread ?? 0 };
    },

    async markRead(userId: string, id: string, now: Date): Promise<NotificationItem | undefined> {
      await db
        .update(notifications)
        .set({ readAt: now })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.readAt)));
      const [row] = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
      return row ? toItem(row) : undefined;
    },

    async markAllRead(userId: string, now: Date): Promise<number> {
      const marked = await db
        .update(notifications)
        .set({ readAt: now })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return marked.length;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
