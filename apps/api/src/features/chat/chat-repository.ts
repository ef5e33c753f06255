import type { ChatAuthor, QuickReply } from '@malewa/contracts/delivery/vocabulary';
import type { OrderStatus } from '@malewa/contracts/orders/order';
import type { OrderMessage } from '@malewa/contracts/orders/order-message';
import type { Db } from '@malewa/db/database';
import { users } from '@malewa/db/schema/accounts';
import { providerMembers, providers } from '@malewa/db/schema/catalog';
import { deliveryJobs, orderMessages, riders } from '@malewa/db/schema/delivery';
import { orderEvents, orders } from '@malewa/db/schema/orders';
import { orderProblems } from '@malewa/db/schema/problems';
import { and, asc, desc, eq, gt, inArray, max, sql } from 'drizzle-orm';

/** An order as its chat needs it: whose, whose shop, whose ride, whether it has ended and when. */
export interface ChatOrder {
  id: string;
  shopperId: string;
  shopId: string;
  shopSlug: string;
  status: OrderStatus;
  /** When it was delivered, rejected or cancelled; null while under way. */
  endedAt: Date | null;
  /** The rider's account, once a rider took the job (assigned, picked up, delivered). */
  riderUserId: string | null;
  /** Whether a problem was reported on it: operators read its chat then. */
  hasProblem: boolean;
}

export interface NewMessage {
  orderId: string;
  authorId: string;
  author: ChatAuthor;
  body: string | null;
  quickReply: QuickReply | null;
  createdAt: Date;
}

/** The jobs whose rider is part of the order's chat: one who took it, up to the door. */
const RIDING = ['assigned', 'picked_up', 'delivered'] as const;

/** The latest messages a read gives at most. */
const READ_LIMIT = 200;

/**
 * The order chat's one writer (`order_messages`). It reads the orders, shops, riders' jobs and
 * problems that say who is part of a chat.
 */
export function createChatRepository(db: Db) {
  const messageColumns = {
    id: orderMessages.id,
    seq: orderMessages.seq,
    author: orderMessages.author,
    // The name a message goes by: the shop's for the shop's people, else the writer's first name.
    authorName: sql<string>`case when ${orderMessages.author} = 'shop' then ${providers.name} else coalesce(split_part(${users.name}, ' ', 1), '') end`,
    body: orderMessages.body,
    quickReply: orderMessages.quickReply,
    at: orderMessages.createdAt,
  };

  const select = () =>
    db
      .select(messageColumns)
      .from(orderMessages)
      .innerJoin(orders, eq(orders.id, orderMessages.orderId))
      .innerJoin(providers, eq(providers.id, orders.providerId))
      .leftJoin(users, eq(users.id, orderMessages.authorId));

  const present = (row: Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number]): OrderMessage => ({
    id: row.id,
    seq: Number(row.seq),
    author: row.author,
    authorName: row.authorName,
    body: row.body,
    quickReply: row.quickReply,
    at: new Date(row.at).toISOString(),
  });

  return {
    async chatOrderOf(orderId: string): Promise<ChatOrder | undefined> {
      const [row] = await db
        .select({
          id: orders.id,
          shopperId: orders.userId,
          shopId: orders.providerId,
          shopSlug: providers.slug,
          status: orders.status,
          deliveredAt: orders.deliveredAt,
          // Rejected and cancelled orders keep no time of their own: their last event has it.
          endedAt: sql<Date | null>`(${db
            .select({ at: max(orderEvents.createdAt) })
            .from(orderEvents)
            .where(
              and(
                eq(orderEvents.orderId, orders.id),
                inArray(orderEvents.status, ['delivered', 'rejected', 'cancelled']),
              ),
            )})`.mapWith((value: string | Date | null) => (value === null ? null : new Date(value))),
          riderUserId: sql<string | null>`(${db
            .select({ userId: riders.userId })
            .from(deliveryJobs)
            .innerJoin(riders, eq(riders.id, deliveryJobs.riderId))
            .where(and(eq(deliveryJobs.orderId, orders.id), inArray(deliveryJobs.status, RIDING)))})`,
          hasProblem: sql<boolean>`exists (select 1 from ${orderProblems} where ${orderProblems.orderId} = ${orders.id})`,
        })
        .from(orders)
        .innerJoin(providers, eq(providers.id, orders.providerId))
        .where(eq(orders.id, orderId));
      if (!row) return undefined;
      const ended = row.status === 'delivered' || row.status === 'rejected' || row.status === 'cancelled';
      return {
        id: row.id,
        shopperId: row.shopperId,
        shopId: row.shopId,
        shopSlug: row.shopSlug,
        status: row.status,
        // Delivery is on the API's clock (orders.delivered_at); the other ends only on their event's.
        endedAt: ended ? (row.deliveredAt ?? row.endedAt ?? new Date(0)) : null,
        riderUserId: row.riderUserId ?? null,
        hasProblem: Boolean(row.hasProblem),
      };
    },

    /** Whether `userId` is one of the shop's people. */
    async runsShop(userId: string, shopId: string): Promise<boolean> {
      const [row] = await db
        .select({ userId: providerMembers.userId })
        .from(providerMembers)
        .where(and(eq(providerMembers.providerId, shopId), eq(providerMembers.userId, userId)));
      return row !== undefined;
    },

    async insert(message: NewMessage): Promise<OrderMessage> {
      const [row] = await db.insert(orderMessages).values(message).returning({ id: orderMessages.id });
      if (!row) throw new Error('The message was not written');
      const [written] = await select().where(eq(orderMessages.id, row.id));
      if (!written) throw new Error('The message written is gone');
      return present(written);
    },

    /** The order's latest messages (after `afterSeq` when given), oldest first. */
    async list(orderId: string, afterSeq = 0): Promise<OrderMessage[]> {
      const rows = await select()
        .where(and(eq(orderMessages.orderId, orderId), gt(orderMessages.seq, afterSeq)))
        .orderBy(desc(orderMessages.seq))
        .limit(READ_LIMIT);
      return rows.reverse().map(present);
    },

    /**
     * The order's messages after sequence `afterSeq`, oldest first, 100 at most: what its live
     * stream sends as `message` events.
     */
    async messagesAfter(orderId: string, afterSeq: number): Promise<OrderMessage[]> {
      const rows = await select()
        .where(and(eq(orderMessages.orderId, orderId), gt(orderMessages.seq, afterSeq)))
        .orderBy(asc(orderMessages.seq))
        .limit(100);
      return rows.map(present);
    },

    /** The sequence number of the order's latest message; 0 when it has none. */
    async lastSeq(orderId: string): Promise<number> {
      const [row] = await db
        .select({ seq: max(orderMessages.seq) })
        .from(orderMessages)
        .where(eq(orderMessages.orderId, orderId));
      return Number(row?.seq ?? 0);
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
