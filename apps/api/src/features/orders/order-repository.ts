import { randomUUID } from 'node:crypto';
import type { SubstitutionPreference } from '@malewa/contracts/carts/cart';
import type { TaxClass } from '@malewa/contracts/catalog/vocabulary';
import type { JobStatus, Vehicle } from '@malewa/contracts/delivery/vocabulary';
import type { OrderStatus, PaymentMethod } from '@malewa/contracts/orders/order';
import type { Db } from '@malewa/db/database';
import { users } from '@malewa/db/schema/accounts';
import { providerMembers, providers } from '@malewa/db/schema/catalog';
import { deliveryJobs, orderMessages, riderPositions, riders } from '@malewa/db/schema/delivery';
import { locations } from '@malewa/db/schema/locations';
import {
  checkouts,
  chefBookings,
  invoiceCounters,
  type OrderAddress,
  type OrderDiscount,
  type OrderLineChoice,
  type OrderSeller,
  type OrderTax,
  orderEvents,
  orderLines,
  orderRatings,
  orders,
} from '@malewa/db/schema/orders';
import { sqlState } from '@malewa/db/sql-state';
import { inTransaction } from '@malewa/db/unit-of-work';
import { and, asc, count, desc, eq, gt, inArray, lte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { boundRow, createPreparedStatements, rowValues } from '#api/prepared-statements-sql.ts';

export interface NewOrder {
  id: string;
  checkoutId: string;
  userId: string;
  providerId: string;
  service: (typeof orders.$inferInsert)['service'];
  countryCode: string;
  currency: string;
  paymentMethod: PaymentMethod;
  paymentStatus: 'pending' | 'paid';
  changeFor: number | null;
  subtotal: number;
  deliveryFee: number;
  discount: number;
  discounts: OrderDiscount[];
  tip: number;
  total: number;
  creditUsed: number;
  couponCode: string | null;
  couponOfferId: string | null;
  address: OrderAddress;
  etaMinutes: number;
  deliveryCode: string;
  scheduledFor: Date | null;
  lines: {
    itemId: string;
    itemSlug: string;
    name: { text: string; lang: string };
    choices: OrderLineChoice[];
    choiceIndexes: number[][];
    quantityMilli: number;
    unitPrice: number;
    total: number;
    startsAt: Date | null;
    guests: number | null;
    substitution: SubstitutionPreference | null;
    substitute: { slug: string; name: { text: string; lang: string } } | null;
    taxClass: TaxClass;
  }[];
  tax: OrderTax | null;
  seller: OrderSeller;
  placedAt: Date;
  commissionBp: number;
}

/** An order with what its page shows: its provider and its lines. */
export type OrderRow = typeof orders.$inferSelect & {
  provider: { slug: string; name: string };
  /** The provider's time zone, in which its times are read. */
  timeZone: string;
  /** Each booked line's end, by line id. */
  bookingEnds: Map<string, Date>;
  lines: (typeof orderLines.$inferSelect)[];
  rating: { stars: number; comment: string | null } | null;
  /** Its delivery job, if one was made, with the rider's latest positions while it is picked up. */
  job: OrderJob | null;
};

export interface OrderJob {
  status: JobStatus;
  codeTries: number;
  rider: { firstName: string; vehicle: Vehicle } | null;
  /** Newest first (by the phone's time); only while picked up. */
  positions: { latitude: number; longitude: number; accuracy: number; at: Date }[];
}

export function createOrderRepository(db: Db) {
  // Every checkout looks its key up: built once (decision 25).
  const prepared = createPreparedStatements();

  async function withLines(
    rows: (typeof orders.$inferSelect & { providerSlug: string; providerName: string; timeZone: string })[],
  ): Promise<OrderRow[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const queries = [
      () => db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id)),
      () => db.select().from(orderRatings).where(inArray(orderRatings.orderId, ids)),
      () =>
        db
          .select({ orderId: chefBookings.orderId, startsAt: chefBookings.startsAt, endsAt: chefBookings.endsAt })
          .from(chefBookings)
          .where(inArray(chefBookings.orderId, ids)),
      () =>
        db
          .select({
            id: deliveryJobs.id,
            orderId: deliveryJobs.orderId,
            status: deliveryJobs.status,
            codeTries: deliveryJobs.codeTries,
            firstName: users.name,
            vehicle: riders.vehicle,
          })
          .from(deliveryJobs)
          .leftJoin(riders, eq(riders.id, deliveryJobs.riderId))
          .leftJoin(users, eq(users.id, riders.userId))
          .where(inArray(deliveryJobs.orderId, ids)),
    ] as const;
    // A transaction is one connection: its queries go one after the other (pg refuses to
    // queue them from version 9); the pool runs them at once.
    const [lines, ratings, bookings, jobs] = !inTransaction()
      ? await Promise.all([queries[0](), queries[1](), queries[2](), queries[3]()])
      : [await queries[0](), await queries[1](), await queries[2](), await queries[3]()];
    const moving = jobs.filter((job) => job.status === 'picked_up').map((job) => job.id);
    const positions = moving.length === 0 ? [] : await latestPositions(moving);
    return rows.map(({ providerSlug, providerName, timeZone, ...order }) => {
      const rating = ratings.find((candidate) => candidate.orderId === order.id);
      const own = lines.filter((line) => line.orderId === order.id);
      const bookingEnds = new Map<string, Date>();
      for (const line of own) {
        const booking = bookings.find(
          (entry) => entry.orderId === order.id && entry.startsAt.getTime() === line.startsAt?.getTime(),
        );
        if (booking) bookingEnds.set(line.id, booking.endsAt);
      }
      const job = jobs.find((candidate) => candidate.orderId === order.id);
      return {
        ...order,
        provider: { slug: providerSlug, name: providerName },
        timeZone,
        bookingEnds,
        lines: own,
        rating: rating ? { stars: rating.stars, comment: rating.comment } : null,
        job: job
          ? {
              status: job.status,
              codeTries: job.codeTries,
              rider: job.firstName && job.vehicle ? { firstName: job.firstName, vehicle: job.vehicle } : null,
              positions: positions.filter((position) => position.jobId === job.id),
            }
          : null,
      };
    });
  }

  /** The six newest positions (by the phone's time) of each job: the map's and the ETA's. */
  async function latestPositions(jobIds: string[]) {
    const newest = db
      .select({
        jobId: riderPositions.jobId,
        latitude: riderPositions.latitude,
        longitude: riderPositions.longitude,
        accuracy: riderPositions.accuracy,
        at: riderPositions.at,
        rank: sql<number>`row_number() over (partition by ${riderPositions.jobId} order by ${riderPositions.at} desc, ${riderPositions.id} desc)`.as(
          'rank',
        ),
      })
      .from(riderPositions)
      .where(inArray(riderPositions.jobId, jobIds))
      .as('newest');
    const rows = await db
      .select({
        jobId: newest.jobId,
        latitude: newest.latitude,
        longitude: newest.longitude,
        accuracy: newest.accuracy,
        at: newest.at,
      })
      .from(newest)
      .where(sql`${newest.rank} <= 6`)
      .orderBy(desc(newest.at));
    return rows;
  }

  const orderColumns = {
    ...columnsOf(),
    providerSlug: providers.slug,
    providerName: providers.name,
    timeZone: sql<string>`(select ${locations.timezone} from ${locations} where ${locations.id} = ${providers.locationId})`,
  };

  /** A page of the orders `where` picks, newest first, with how many it picks in all. */
  async function pageOfOrders(
    where: SQL | undefined,
    page: number,
    perPage: number,
    /** Soonest wanted first (the calendar), instead of newest placed first. */
    bySchedule = false,
  ): Promise<{ rows: OrderRow[]; total: number }> {
    const [rows, [counted]] = await Promise.all([
      db
        .select(orderColumns)
        .from(orders)
        .innerJoin(providers, eq(providers.id, orders.providerId))
        .where(where)
        .orderBy(
          ...(bySchedule ? [asc(orders.scheduledFor), asc(orders.id)] : [desc(orders.createdAt), desc(orders.id)]),
        )
        .limit(perPage)
        .offset((page - 1) * perPage),
      db.select({ n: count() }).from(orders).where(where),
    ]);
    return { rows: await withLines(rows), total: Number(counted?.n ?? 0) };
  }

  return {
    /**
     * Holds the shopper's key for the rest of the transaction; false when another checkout with
     * the same key holds it (still in flight).
     */
    async tryHoldKey(userId: string, key: string): Promise<boolean> {
      const result = await db.execute(
        sql`select pg_try_advisory_xact_lock(hashtextextended(${`checkout:${userId}:${key}`}, 0)) as held`,
      );
      const [row] = (result as unknown as { rows: { held: boolean }[] }).rows;
      return row?.held === true;
    },

    async checkoutByKey(userId: string, key: string) {
      const [row] = await prepared('checkout_by_key', '', { userId, key }, (bind) =>
        db
          .select({ requestHash: checkouts.requestHash, response: checkouts.response })
          .from(checkouts)
          .where(
            and(eq(checkouts.userId, bind('userId') as string), eq(checkouts.idempotencyKey, bind('key') as string)),
          ),
      );
      return row;
    },

    /** Opens a checkout under its key; its answer is written when it is known (`finishCheckout`). */
    async insertCheckout(checkout: { id: string; userId: string; key: string; requestHash: string }): Promise<void> {
      const values = rowValues(checkouts, {
        id: checkout.id,
        userId: checkout.userId,
        idempotencyKey: checkout.key,
        requestHash: checkout.requestHash,
        response: {},
      });
      await prepared('insert_checkout', '', values, (bind) =>
        db
          .insert(checkouts)
          .values(boundRow(checkouts, values, bind))
          .returning({ id: checkouts.id }),
      );
    },

    /** The answer a retry with the checkout's key gets. */
    async finishCheckout(checkoutId: string, response: unknown): Promise<void> {
      await prepared('finish_checkout', '', { checkoutId, response: JSON.stringify(response) }, (bind) =>
        db
          .update(checkouts)
          .set({ response: sql`${bind('response')}::jsonb` })
          .where(eq(checkouts.id, bind('checkoutId') as string))
          .returning({ id: checkouts.id }),
      );
    },

    /**
     * Places an order with its lines and its first step; the order as its page shows it, from
     * what the inserts return (a new order has no rating or delivery yet): the checkout answers
     * with it without reading it back. `shown` is its shop's and its bookings' ends.
     */
    async insertOrder(
      order: NewOrder,
      shown: Pick<OrderRow, 'provider' | 'timeZone'> & { bookings: { startsAt: Date; endsAt: Date }[] },
    ): Promise<OrderRow> {
      const { lines, ...row } = order;
      // One statement (the lines' ids made here): the foreign keys are checked at its end.
      const insertedLines: (typeof orderLines.$inferSelect)[] = lines.map((line) => ({
        ...line,
        id: randomUUID(),
        orderId: order.id,
      }));
      const placedLines = db.$with('placed_lines').as(db.insert(orderLines).values(insertedLines));
      const firstStep = db
        .$with('first_step')
        .as(db.insert(orderEvents).values({ orderId: order.id, status: 'placed' }));
      const [inserted] = await db.with(placedLines, firstStep).insert(orders).values(row).returning();
      if (!inserted) throw new Error(`Order ${order.id} was not inserted`);
      const bookingEnds = new Map<string, Date>();
      for (const line of insertedLines) {
        const booking = shown.bookings.find((entry) => entry.startsAt.getTime() === line.startsAt?.getTime());
        if (booking) bookingEnds.set(line.id, booking.endsAt);
      }
      return {
        ...inserted,
        provider: shown.provider,
        timeZone: shown.timeZone,
        bookingEnds,
        lines: insertedLines,
        rating: null,
        job: null,
      };
    },

    /**
     * Holds a chef's time for a booked line of an order; false when a live booking of that chef
     * overlaps it (the exclusion constraint's refusal: the transaction is then spoiled, and the
     * caller refuses the whole checkout).
     */
    async holdBooking(booking: {
      providerId: string;
      orderId: string;
      itemId: string;
      startsAt: Date;
      endsAt: Date;
      guests: number;
    }): Promise<boolean> {
      try {
        await db.insert(chefBookings).values(booking);
        return true;
      } catch (error) {
        if (sqlState(error) === '23P01') return false;
        throw error;
      }
    },

    /** Whether a live booking of the chef overlaps this span (carts/booking-calendar.ts). */
    async isBooked(providerId: string, startsAt: Date, endsAt: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: chefBookings.id })
        .from(chefBookings)
        .where(
          and(
            eq(chefBookings.providerId, providerId),
            eq(chefBookings.active, true),
            sql`tstzrange(${chefBookings.startsAt}, ${chefBookings.endsAt}) && tstzrange(${startsAt.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz)`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** A closed order gives its chef's time back. */
    async releaseBookings(orderId: string): Promise<void> {
      await db.update(chefBookings).set({ active: false }).where(eq(chefBookings.orderId, orderId));
    },

    /** The shopper's orders, newest first; only those of one checkout when `checkoutId` is given. */
    async listOrders(
      userId: string,
      page: number,
      perPage: number,
      checkoutId?: string,
    ): Promise<{ rows: OrderRow[]; total: number }> {
      const mine = checkoutId
        ? and(eq(orders.userId, userId), eq(orders.checkoutId, checkoutId))
        : eq(orders.userId, userId);
      return pageOfOrders(mine, page, perPage);
    },

    /** The shops an account runs, by name. */
    async shopsOf(userId: string) {
      return db
        .select({
          id: providers.id,
          slug: providers.slug,
          name: providers.name,
          service: providers.service,
          status: providers.status,
          countryCode: providers.countryCode,
        })
        .from(providerMembers)
        .innerJoin(providers, eq(providers.id, providerMembers.providerId))
        .where(eq(providerMembers.userId, userId))
        .orderBy(asc(providers.name));
    },

    /** The orders of the shops an account runs (of one of them with `shopId`), newest first. */
    async shopOrders(
      userId: string,
      filter: {
        shopId: string | undefined;
        status: OrderStatus | undefined;
        upcoming: boolean;
        page: number;
        perPage: number;
      },
    ): Promise<{ rows: OrderRow[]; total: number }> {
      const runs = sql`${orders.providerId} in (select ${providerMembers.providerId} from ${providerMembers} where ${providerMembers.userId} = ${userId})`;
      const where = and(
        runs,
        filter.shopId ? eq(orders.providerId, filter.shopId) : undefined,
        filter.status ? eq(orders.status, filter.status) : undefined,
        filter.upcoming ? sql`${orders.scheduledFor} >= now()` : undefined,
      );
      return pageOfOrders(where, filter.page, filter.perPage, filter.upcoming);
    },

    /** One order of the shops an account runs; another shop's is undefined, as if it did not exist. */
    async shopOrderOf(userId: string, orderId: string): Promise<OrderRow | undefined> {
      const rows = await db
        .select(orderColumns)
        .from(orders)
        .innerJoin(providers, eq(providers.id, orders.providerId))
        .innerJoin(
          providerMembers,
          and(eq(providerMembers.providerId, orders.providerId), eq(providerMembers.userId, userId)),
        )
        .where(eq(orders.id, orderId));
      const [order] = await withLines(rows);
      return order;
    },

    /** One of the shopper's orders; another's is undefined, as if it did not exist. */
    async orderOf(userId: string, orderId: string): Promise<OrderRow | undefined> {
      const rows = await db
        .select(orderColumns)
        .from(orders)
        .innerJoin(providers, eq(providers.id, orders.providerId))
        .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
      const [order] = await withLines(rows);
      return order;
    },

    /** An order locked for a move, with its provider's usual preparation time. */
    async lockOrder(orderId: string) {
      const [row] = await db
        .select({ ...columnsOf(), providerPrepMinutes: providers.prepMinutes, providerSlug: providers.slug })
        .from(orders)
        .innerJoin(providers, eq(providers.id, orders.providerId))
        .where(eq(orders.id, orderId))
        .for('update', { of: orders });
      return row;
    },

    /** Whether the account runs the provider's shop. */
    async runsShop(userId: string, providerId: string): Promise<boolean> {
      const [row] = await db
        .select({ userId: providerMembers.userId })
        .from(providerMembers)
        .where(and(eq(providerMembers.userId, userId), eq(providerMembers.providerId, providerId)));
      return row !== undefined;
    },

    /**
     * The moves of a shop's orders after sequence `afterSeq`, and those of the last minute
     * whatever their sequence: two checkouts commit in any order, so a sequence number below
     * one already sent may still arrive (the stream sends each once).
     */
    async shopEventsAfter(
      shopId: string,
      afterSeq: number,
    ): Promise<{ seq: number; orderId: string; status: OrderStatus; at: Date }[]> {
      return db
        .select({
          seq: orderEvents.seq,
          orderId: orderEvents.orderId,
          status: orderEvents.status,
          at: orderEvents.createdAt,
        })
        .from(orderEvents)
        .innerJoin(orders, eq(orders.id, orderEvents.orderId))
        .where(
          and(
            eq(orders.providerId, shopId),
            or(gt(orderEvents.seq, afterSeq), gt(orderEvents.createdAt, sql`now() - interval '1 minute'`)),
          ),
        )
        .orderBy(asc(orderEvents.seq))
        .limit(200);
    },

    /** The sequence number of the latest move of any order (0 before the first). */
    async latestEventSeq(): Promise<number> {
      const [row] = await db.select({ seq: sql<string | null>`max(${orderEvents.seq})` }).from(orderEvents);
      return Number(row?.seq ?? 0);
    },

    /**
     * What else changes on a shop's board besides its orders' moves: its chat's newest message
     * and its deliveries' latest step, as one fingerprint its board's stream compares.
     */
    async shopActivity(shopId: string): Promise<string> {
      const result = await db.execute<{ messages: string | null; jobs: string | null }>(sql`
        select
          (select max(m.seq)::text from ${orderMessages} m join ${orders} o on o.id = m.order_id
            where o.provider_id = ${shopId}) as messages,
          (select max(greatest(j.created_at, j.assigned_at, j.picked_up_at, j.delivered_at))::text || ':' ||
              count(*) filter (where j.status = 'cancelled' or j.code_tries > 0)::text
            from ${deliveryJobs} j where j.shop_id = ${shopId}) as jobs`);
      const [row] = (result as unknown as { rows: { messages: string | null; jobs: string | null }[] }).rows;
      return `${row?.messages ?? ''}|${row?.jobs ?? ''}`;
    },

    /** The order's moves after sequence `afterSeq`, in order: what its live stream sends. */
    async eventsAfter(orderId: string, afterSeq: number): Promise<{ seq: number; status: OrderStatus; at: Date }[]> {
      return db
        .select({ seq: orderEvents.seq, status: orderEvents.status, at: orderEvents.createdAt })
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, orderId), gt(orderEvents.seq, afterSeq)))
        .orderBy(asc(orderEvents.seq))
        .limit(100);
    },

    /**
     * Claims, for the open transaction, the placed order that has waited longest past the time
     * its shop had to accept it: `acceptMs` from placing, or for an order wanted later from when
     * its shop must start on it (its time less its estimate), whichever is later; a chef's
     * booking `chefAcceptMs` from placing. Locked SKIP LOCKED: an order another process claimed,
     * or a shop is answering right now, is passed over. `skip` waits out its back-off.
     */
    async claimUnanswered(
      now: Date,
      windows: { acceptMs: number; chefAcceptMs: number },
      skip: readonly string[],
    ): Promise<string | undefined> {
      const accept = sql`${`${windows.acceptMs} milliseconds`}::interval`;
      const chefAccept = sql`${`${windows.chefAcceptMs} milliseconds`}::interval`;
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.status, 'placed'),
            // No window is shorter than the shorter of the two: the partial index's range.
            lte(orders.placedAt, new Date(now.getTime() - Math.min(windows.acceptMs, windows.chefAcceptMs))),
            sql`case when ${orders.service} = 'chef' then ${orders.placedAt} + ${chefAccept}
              else greatest(${orders.placedAt}, ${orders.scheduledFor} - ${orders.etaMinutes} * interval '1 minute') + ${accept}
              end <= ${now}`,
            skip.length > 0 ? notInArray(orders.id, [...skip]) : undefined,
          ),
        )
        .orderBy(asc(orders.placedAt))
        .limit(1)
        .for('update', { skipLocked: true });
      return row?.id;
    },

    /**
     * Moves an order from `from` to `status` and writes the event, only if it still is `from`:
     * false (and nothing written) when another move got there first.
     */
    async moveOrderFrom(
      orderId: string,
      from: OrderStatus,
      status: OrderStatus,
      changes: Partial<Pick<typeof orders.$inferInsert, 'paymentStatus' | 'rejectReason'>> = {},
    ): Promise<boolean> {
      const moved = await db
        .update(orders)
        .set({ status, ...changes, updatedAt: sql`now()` })
        .where(and(eq(orders.id, orderId), eq(orders.status, from)))
        .returning({ id: orders.id });
      if (moved.length === 0) return false;
      await db.insert(orderEvents).values({ orderId, status });
      return true;
    },

    /** Moves an order to a status (with what changes with it) and writes the event. */
    async moveOrder(
      orderId: string,
      status: (typeof orders.$inferSelect)['status'],
      changes: Partial<
        Pick<
          typeof orders.$inferInsert,
          'etaMinutes' | 'paymentStatus' | 'rejectReason' | 'deliveredAt' | 'invoiceNumber'
        >
      > = {},
    ): Promise<void> {
      await db
        .update(orders)
        .set({ status, ...changes, updatedAt: sql`now()` })
        .where(eq(orders.id, orderId));
      await db.insert(orderEvents).values({ orderId, status });
    },

    /**
     * The shop's next invoice serial, taken in the open transaction: the upsert locks the
     * shop's counter row until it ends, so two deliveries of one shop at once are numbered one
     * after the other, and a delivery that rolls back gives its number back (no gaps).
     */
    async takeInvoiceSerial(providerId: string): Promise<number> {
      const [row] = await db
        .insert(invoiceCounters)
        .values({ providerId, next: 2 })
        .onConflictDoUpdate({ target: invoiceCounters.providerId, set: { next: sql`${invoiceCounters.next} + 1` } })
        .returning({ next: invoiceCounters.next });
      if (!row) throw new Error(`No invoice counter for ${providerId}`);
      return row.next - 1;
    },

    async linesOf(orderId: string) {
      return db
        .select({ itemId: orderLines.itemId, quantityMilli: orderLines.quantityMilli })
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId));
    },

    /** Whether another live order of the checkout still counts the coupon's use. */
    async couponStillUsed(checkoutId: string, orderId: string, offerId: string): Promise<boolean> {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.checkoutId, checkoutId),
            eq(orders.couponOfferId, offerId),
            sql`${orders.id} <> ${orderId}`,
            sql`${orders.status} not in ('cancelled', 'rejected')`,
          ),
        );
      return rows.length > 0;
    },

    async orderById(orderId: string): Promise<OrderRow | undefined> {
      const rows = await db
        .select(orderColumns)
        .from(orders)
        .innerJoin(providers, eq(providers.id, orders.providerId))
        .where(eq(orders.id, orderId));
      const [order] = await withLines(rows);
      return order;
    },

    /** Rates an order once; false when it already has a rating. */
    async insertRating(orderId: string, stars: number, comment: string | null): Promise<boolean> {
      const inserted = await db
        .insert(orderRatings)
        .values({ orderId, stars, comment })
        .onConflictDoNothing()
        .returning({ orderId: orderRatings.orderId });
      return inserted.length === 1;
    },
  };
}

function columnsOf() {
  return {
    id: orders.id,
    checkoutId: orders.checkoutId,
    userId: orders.userId,
    providerId: orders.providerId,
    service: orders.service,
    countryCode: orders.countryCode,
    currency: orders.currency,
    status: orders.status,
    paymentMethod: orders.paymentMethod,
    paymentStatus: orders.paymentStatus,
    changeFor: orders.changeFor,
    subtotal: orders.subtotal,
    deliveryFee: orders.deliveryFee,
    discount: orders.discount,
    discounts: orders.discounts,
    tip: orders.tip,
    total: orders.total,
    creditUsed: orders.creditUsed,
    tax: orders.tax,
    seller: orders.seller,
    placedAt: orders.placedAt,
    deliveredAt: orders.deliveredAt,
    invoiceNumber: orders.invoiceNumber,
    refunded: orders.refunded,
    commissionBp: orders.commissionBp,
    couponCode: orders.couponCode,
    couponOfferId: orders.couponOfferId,
    rejectReason: orders.rejectReason,
    address: orders.address,
    etaMinutes: orders.etaMinutes,
    deliveryCode: orders.deliveryCode,
    scheduledFor: orders.scheduledFor,
    createdAt: orders.createdAt,
    updatedAt: orders.updatedAt,
  };
}

export type OrderRepository = ReturnType<typeof createOrderRepository>;
