import type { JobStatus, OfferAnswer } from '@malewa/contracts/delivery/vocabulary';
import type { Db } from '@malewa/db/database';
import { deleteInBatches } from '@malewa/db/delete-in-batches';
import { userRoles, users } from '@malewa/db/schema/accounts';
import { providerMembers, providers } from '@malewa/db/schema/catalog';
import { deliveryJobs, jobOffers, riderPositions, riders } from '@malewa/db/schema/delivery';
import { orderLines, orders } from '@malewa/db/schema/orders';
import { and, asc, eq, gt, inArray, isNull, lt, lte, ne, notInArray, type SQL, sql } from 'drizzle-orm';

/**
 * The outer row of a correlated subquery, by its table's name: Drizzle leaves columns of a
 * one-table select unqualified, and inside the subquery `"id"` would be the inner table's.
 */
const outerRider = sql.raw('"riders"."id"');
const outerJob = sql.raw('"delivery_jobs"."id"');

/** A job with what its rider and the dispatcher need of its order and shop. */
export interface JobView {
  id: string;
  orderId: string;
  shopId: string;
  status: JobStatus;
  riderId: string | null;
  codeTries: number;
  createdAt: Date;
  order: {
    userId: string;
    status: string;
    service: string;
    address: typeof orders.$inferSelect.address;
    paymentMethod: string;
    paymentStatus: string;
    total: number;
    creditUsed: number;
    changeFor: number | null;
    currency: string;
    deliveryCode: string | null;
    itemsCount: number;
  };
  shop: {
    name: string;
    slug: string;
    street: string;
    area: string;
    latitude: number;
    longitude: number;
    locationId: string;
  };
}

/** A rider who may be offered a job, with what ranks them. */
export interface Candidate {
  riderId: string;
  userId: string;
  ownRider: boolean;
  latitude: number | null;
  longitude: number | null;
  /** Offers of this job they already had. */
  offers: number;
}

const jobViewColumns = {
  id: deliveryJobs.id,
  orderId: deliveryJobs.orderId,
  shopId: deliveryJobs.shopId,
  status: deliveryJobs.status,
  riderId: deliveryJobs.riderId,
  codeTries: deliveryJobs.codeTries,
  createdAt: deliveryJobs.createdAt,
  orderUserId: orders.userId,
  orderStatus: orders.status,
  service: orders.service,
  address: orders.address,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  total: orders.total,
  creditUsed: orders.creditUsed,
  changeFor: orders.changeFor,
  currency: orders.currency,
  deliveryCode: orders.deliveryCode,
  itemsCount: sql<number>`(select count(*)::int from ${orderLines} where ${orderLines.orderId} = ${orders.id})`,
  shopName: providers.name,
  shopSlug: providers.slug,
  street: providers.street,
  area: providers.area,
  latitude: providers.latitude,
  longitude: providers.longitude,
  locationId: providers.locationId,
};

function viewQuery(db: Db) {
  return db
    .select(jobViewColumns)
    .from(deliveryJobs)
    .innerJoin(orders, eq(orders.id, deliveryJobs.orderId))
    .innerJoin(providers, eq(providers.id, deliveryJobs.shopId));
}

type JobViewRow = Awaited<ReturnType<typeof viewQuery>>[number];

function toView(row: JobViewRow): JobView {
  return {
    id: row.id,
    orderId: row.orderId,
    shopId: row.shopId,
    status: row.status,
    riderId: row.riderId,
    codeTries: row.codeTries,
    createdAt: row.createdAt,
    order: {
      userId: row.orderUserId,
      status: row.orderStatus,
      service: row.service,
      address: row.address,
      paymentMethod: row.paymentMethod,
      paymentStatus: row.paymentStatus,
      total: row.total,
      creditUsed: row.creditUsed,
      changeFor: row.changeFor,
      currency: row.currency,
      deliveryCode: row.deliveryCode,
      itemsCount: Number(row.itemsCount),
    },
    shop: {
      name: row.shopName,
      slug: row.shopSlug,
      street: row.street,
      area: row.area,
      latitude: row.latitude,
      longitude: row.longitude,
      locationId: row.locationId,
    },
  };
}

const openOffer = (now: Date) => and(isNull(jobOffers.answer), gt(jobOffers.expiresAt, now));

/**
 * The delivery jobs' one writer (`delivery_jobs`, `job_offers`, `rider_positions`): jobs made
 * when a shop accepts, offered to riders one at a time, taken by one, tracked to the door.
 */
export function createJobRepository(db: Db) {
  const views = () => viewQuery(db);

  return {
    /** A job for an accepted order (once: a second call finds the first). */
    async createJob(input: { orderId: string; shopId: string; now: Date }): Promise<string> {
      await db
        .insert(deliveryJobs)
        .values({ orderId: input.orderId, shopId: input.shopId, createdAt: input.now })
        .onConflictDoNothing({ target: deliveryJobs.orderId });
      const [row] = await db
        .select({ id: deliveryJobs.id })
        .from(deliveryJobs)
        .where(eq(deliveryJobs.orderId, input.orderId));
      if (!row) throw new Error('The job just made is gone');
      return row.id;
    },

    async jobView(jobId: string): Promise<JobView | undefined> {
      const [row] = await views().where(eq(deliveryJobs.id, jobId));
      return row ? toView(row) : undefined;
    },

    async jobOfOrder(orderId: string): Promise<JobView | undefined> {
      const [row] = await views().where(eq(deliveryJobs.orderId, orderId));
      return row ? toView(row) : undefined;
    },

    /** Locks the job's row for the rest of the transaction. */
    async lockJob(jobId: string): Promise<JobView | undefined> {
      await db.select({ id: deliveryJobs.id }).from(deliveryJobs).where(eq(deliveryJobs.id, jobId)).for('update');
      const [row] = await views().where(eq(deliveryJobs.id, jobId));
      return row ? toView(row) : undefined;
    },

    /**
     * Riders who may be offered the job now: serving its shop, on shift, not suspended, free
     * (no job taken, no open offer of another job), and who never said no to it.
     */
    async candidates(job: JobView, now: Date, servingShop: SQL): Promise<Candidate[]> {
      const rows = await db
        .select({
          riderId: riders.id,
          userId: riders.userId,
          shopId: riders.shopId,
          latitude: riders.latitude,
          longitude: riders.longitude,
          offers: sql<number>`(select count(*)::int from ${jobOffers} where ${jobOffers.jobId} = ${job.id} and ${jobOffers.riderId} = ${outerRider})`,
        })
        .from(riders)
        .where(
          and(
            servingShop,
            eq(riders.onShift, true),
            isNull(riders.suspendedAt),
            sql`not exists (select 1 from ${deliveryJobs} where ${deliveryJobs.riderId} = ${outerRider} and ${deliveryJobs.status} in ('assigned', 'picked_up'))`,
            sql`not exists (select 1 from ${jobOffers} where ${jobOffers.riderId} = ${outerRider} and ${jobOffers.answer} is null and ${jobOffers.expiresAt} > ${now} and ${jobOffers.jobId} <> ${job.id})`,
            sql`not exists (select 1 from ${jobOffers} where ${jobOffers.riderId} = ${outerRider} and ${jobOffers.jobId} = ${job.id} and ${jobOffers.answer} = 'declined')`,
          ),
        );
      return rows.map((row) => ({
        riderId: row.riderId,
        userId: row.userId,
        ownRider: row.shopId === job.shopId,
        latitude: row.latitude,
        longitude: row.longitude,
        offers: Number(row.offers),
      }));
    },

    async offer(input: { jobId: string; riderId: string; now: Date; expiresAt: Date }): Promise<string> {
      const [row] = await db
        .insert(jobOffers)
        .values({ jobId: input.jobId, riderId: input.riderId, offeredAt: input.now, expiresAt: input.expiresAt })
        .returning({ id: jobOffers.id });
      if (!row) throw new Error('The offer just made is gone');
      return row.id;
    },

    async hasOpenOffer(jobId: string, now: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: jobOffers.id })
        .from(jobOffers)
        .where(and(eq(jobOffers.jobId, jobId), openOffer(now)));
      return row !== undefined;
    },

    /** What became of the job's offers to one rider: open now, declined, or had one at all. */
    async offersTo(jobId: string, riderId: string, now: Date) {
      const rows = await db
        .select({ answer: jobOffers.answer, expiresAt: jobOffers.expiresAt })
        .from(jobOffers)
        .where(and(eq(jobOffers.jobId, jobId), eq(jobOffers.riderId, riderId)));
      return {
        any: rows.length > 0,
        open: rows.some((row) => row.answer === null && row.expiresAt > now),
        declined: rows.some((row) => row.answer === 'declined'),
      };
    },

    /** Offers left unanswered past their time are lapsed. */
    async lapseOffers(jobId: string, now: Date): Promise<void> {
      await db
        .update(jobOffers)
        .set({ answer: 'expired', answeredAt: now })
        .where(and(eq(jobOffers.jobId, jobId), isNull(jobOffers.answer), lte(jobOffers.expiresAt, now)));
    },

    /** Answers a rider's open offers of the job; every other rider's open offer becomes `others`. */
    async answerOffers(
      jobId: string,
      riderId: string,
      answer: OfferAnswer,
      now: Date,
      others?: OfferAnswer,
    ): Promise<void> {
      await db
        .update(jobOffers)
        .set({ answer, answeredAt: now })
        .where(and(eq(jobOffers.jobId, jobId), eq(jobOffers.riderId, riderId), isNull(jobOffers.answer)));
      if (others) {
        await db
          .update(jobOffers)
          .set({ answer: others, answeredAt: now })
          .where(and(eq(jobOffers.jobId, jobId), ne(jobOffers.riderId, riderId), isNull(jobOffers.answer)));
      }
    },

    /**
     * Gives a searching job to a rider: one statement, so of riders taking it at once (or a
     * rider and the shop's hand) exactly one changes the row. False: it was gone.
     */
    async take(jobId: string, riderId: string, now: Date): Promise<boolean> {
      const taken = await db
        .update(deliveryJobs)
        .set({ status: 'assigned', riderId, assignedAt: now })
        .where(and(eq(deliveryJobs.id, jobId), eq(deliveryJobs.status, 'searching')))
        .returning({ id: deliveryJobs.id });
      return taken.length > 0;
    },

    async markPickedUp(jobId: string, now: Date): Promise<void> {
      await db.update(deliveryJobs).set({ status: 'picked_up', pickedUpAt: now }).where(eq(deliveryJobs.id, jobId));
    },

    async markDelivered(jobId: string, now: Date, cash: { taken: number; change: number } | null): Promise<void> {
      await db
        .update(deliveryJobs)
        .set({
          status: 'delivered',
          deliveredAt: now,
          ...(cash ? { cashTaken: cash.taken, changeGiven: cash.change } : {}),
        })
        .where(eq(deliveryJobs.id, jobId));
    },

    /** One wrong code more; how many there have been. */
    async addCodeTry(jobId: string): Promise<number> {
      const [row] = await db
        .update(deliveryJobs)
        .set({ codeTries: sql`${deliveryJobs.codeTries} + 1` })
        .where(eq(deliveryJobs.id, jobId))
        .returning({ tries: deliveryJobs.codeTries });
      return row?.tries ?? 0;
    },

    /** The order's job ends without delivery (the order was cancelled, or the shop delivers it). */
    async cancelForOrder(orderId: string, now: Date): Promise<void> {
      const [job] = await db
        .update(deliveryJobs)
        .set({ status: 'cancelled' })
        .where(and(eq(deliveryJobs.orderId, orderId), inArray(deliveryJobs.status, ['searching', 'assigned'])))
        .returning({ id: deliveryJobs.id });
      if (job) {
        await db
          .update(jobOffers)
          .set({ answer: 'gone', answeredAt: now })
          .where(and(eq(jobOffers.jobId, job.id), isNull(jobOffers.answer)));
      }
    },

    /**
     * Searching jobs with no open offer: theirs to offer again. Those never looked at first, then
     * those looked at longest ago, each marked looked at `now`: jobs that nobody can take yet
     * (every rider had their turn) take their turn at the back, where oldest first they held up
     * every newer job once there was a batch of them. SKIP LOCKED: two API processes never offer
     * one job at once; the caller's transaction holds the rows. Jobs in `skip` (waiting out a
     * back-off after a failure) are passed over.
     */
    async claimUnoffered(now: Date, batch: number, skip: readonly string[] = []): Promise<string[]> {
      const rows = await db
        .select({ id: deliveryJobs.id })
        .from(deliveryJobs)
        .where(
          and(
            eq(deliveryJobs.status, 'searching'),
            sql`not exists (select 1 from ${jobOffers} where ${jobOffers.jobId} = ${outerJob} and ${jobOffers.answer} is null and ${jobOffers.expiresAt} > ${now})`,
            skip.length > 0 ? notInArray(deliveryJobs.id, [...skip]) : undefined,
          ),
        )
        .orderBy(sql`${deliveryJobs.offerLookedAt} asc nulls first`, asc(deliveryJobs.createdAt))
        .limit(batch)
        .for('update', { skipLocked: true });
      const ids = rows.map((row) => row.id);
      if (ids.length > 0) {
        await db.update(deliveryJobs).set({ offerLookedAt: now }).where(inArray(deliveryJobs.id, ids));
      }
      return ids;
    },

    /** A job whose alert could not be sent: not told after all, so the next round tells it. */
    async unmarkUntaken(jobId: string): Promise<void> {
      await db.update(deliveryJobs).set({ untakenAlertedAt: null }).where(eq(deliveryJobs.id, jobId));
    },

    /**
     * Searching jobs made before `before` nobody was told about yet: marked told, once. Jobs in
     * `skip` (an alert that failed, waiting out its back-off) are passed over.
     */
    async markUntaken(
      before: Date,
      now: Date,
      skip: readonly string[] = [],
    ): Promise<{ jobId: string; orderId: string; shopId: string }[]> {
      return db
        .update(deliveryJobs)
        .set({ untakenAlertedAt: now })
        .where(
          and(
            eq(deliveryJobs.status, 'searching'),
            isNull(deliveryJobs.untakenAlertedAt),
            lte(deliveryJobs.createdAt, before),
            skip.length > 0 ? notInArray(deliveryJobs.id, [...skip]) : undefined,
          ),
        )
        .returning({ jobId: deliveryJobs.id, orderId: deliveryJobs.orderId, shopId: deliveryJobs.shopId });
    },

    /** "Nearly there" is said once per job: true the first time. */
    async markNearlyThere(jobId: string, now: Date): Promise<boolean> {
      const marked = await db
        .update(deliveryJobs)
        .set({ nearlyThereAt: now })
        .where(and(eq(deliveryJobs.id, jobId), isNull(deliveryJobs.nearlyThereAt)))
        .returning({ id: deliveryJobs.id });
      return marked.length > 0;
    },

    /** The job a rider holds now (taken, not yet handed over). */
    async currentJobOf(riderId: string): Promise<JobView | undefined> {
      const [row] = await views().where(
        and(eq(deliveryJobs.riderId, riderId), inArray(deliveryJobs.status, ['assigned', 'picked_up'])),
      );
      return row ? toView(row) : undefined;
    },

    /**
     * Jobs a rider may take: offered to them now (with when the offer ends), or open: searching
     * with no open offer to anyone, after they too had their turn and did not say no.
     */
    async offersFor(riderId: string, now: Date): Promise<(JobView & { offerExpiresAt: Date | null })[]> {
      const offered = await db
        .select({ ...jobViewColumns, expiresAt: jobOffers.expiresAt })
        .from(jobOffers)
        .innerJoin(deliveryJobs, eq(deliveryJobs.id, jobOffers.jobId))
        .innerJoin(orders, eq(orders.id, deliveryJobs.orderId))
        .innerJoin(providers, eq(providers.id, deliveryJobs.shopId))
        .where(and(eq(jobOffers.riderId, riderId), openOffer(now), eq(deliveryJobs.status, 'searching')));
      const open = await views().where(
        and(
          eq(deliveryJobs.status, 'searching'),
          sql`exists (select 1 from ${jobOffers} where ${jobOffers.jobId} = ${outerJob} and ${jobOffers.riderId} = ${riderId})`,
          sql`not exists (select 1 from ${jobOffers} where ${jobOffers.jobId} = ${outerJob} and ${jobOffers.riderId} = ${riderId} and ${jobOffers.answer} = 'declined')`,
          sql`not exists (select 1 from ${jobOffers} where ${jobOffers.jobId} = ${outerJob} and ${jobOffers.answer} is null and ${jobOffers.expiresAt} > ${now})`,
        ),
      );
      return [
        ...offered.map(({ expiresAt, ...row }) => ({ ...toView(row), offerExpiresAt: expiresAt })),
        ...open.map((row) => ({ ...toView(row), offerExpiresAt: null })),
      ];
    },

    /** A position on a job's track. */
    async addPosition(input: {
      riderId: string;
      jobId: string;
      latitude: number;
      longitude: number;
      accuracy: number;
      at: Date;
      receivedAt: Date;
    }): Promise<void> {
      await db.insert(riderPositions).values(input);
    },

    /** Positions received before `before` (30 days): how many were deleted. */
    async deletePositionsBefore(before: Date): Promise<number> {
      return deleteInBatches(db, riderPositions, riderPositions.id, lt(riderPositions.receivedAt, before));
    },

    /** The accounts of riders, by rider id: whom a job's notices go to. */
    async riderUserIds(riderIds: readonly string[]): Promise<Map<string, string>> {
      if (riderIds.length === 0) return new Map();
      const rows = await db
        .select({ id: riders.id, userId: riders.userId, name: users.name })
        .from(riders)
        .innerJoin(users, eq(users.id, riders.userId))
        .where(inArray(riders.id, [...riderIds]));
      return new Map(rows.map((row) => [row.id, row.userId]));
    },

    /** Deliveries picked up and locked after too many wrong codes, oldest first: operators' to complete. */
    async lockedJobs(maxTries: number) {
      return db
        .select({
          orderId: deliveryJobs.orderId,
          shop: providers.name,
          rider: users.name,
          pickedUpAt: deliveryJobs.pickedUpAt,
        })
        .from(deliveryJobs)
        .innerJoin(providers, eq(providers.id, deliveryJobs.shopId))
        .leftJoin(riders, eq(riders.id, deliveryJobs.riderId))
        .leftJoin(users, eq(users.id, riders.userId))
        .where(and(eq(deliveryJobs.status, 'picked_up'), sql`${deliveryJobs.codeTries} >= ${maxTries}`))
        .orderBy(asc(deliveryJobs.pickedUpAt))
        .limit(100);
    },

    /** Who hears a shop's alerts: its people. */
    async shopPeople(shopId: string): Promise<string[]> {
      const rows = await db
        .select({ userId: providerMembers.userId })
        .from(providerMembers)
        .where(eq(providerMembers.providerId, shopId));
      return rows.map((row) => row.userId);
    },

    /** Who hears the marketplace's alerts: its operators. */
    async operatorIds(): Promise<string[]> {
      const rows = await db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'operator'));
      return rows.map((row) => row.userId);
    },

    /** Whether a rider serves a shop (own or fleet): for the shop's hand assignment. */
    async serves(riderId: string, servingShop: SQL): Promise<boolean> {
      const [row] = await db
        .select({ id: riders.id })
        .from(riders)
        .where(and(eq(riders.id, riderId), servingShop, isNull(riders.suspendedAt)));
      return row !== undefined;
    },
  };
}

export type JobRepository = ReturnType<typeof createJobRepository>;
