import type { ProblemReason, ProblemStatus, RefundDestination } from '@malewa/contracts/orders/problem-vocabulary';
import type { Db } from '@malewa/db/database';
import { providerMembers, providers } from '@malewa/db/schema/catalog';
import { orderEvents, orderLines, orders } from '@malewa/db/schema/orders';
import { orderProblemLines, orderProblems } from '@malewa/db/schema/problems';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { shopRunBy } from '#api/shop-membership-repository.ts';

/** An order as a report and a refund read it: whose, whose shop, when delivered, its money, its lines. */
export interface ProblemOrder {
  id: string;
  userId: string;
  providerId: string;
  status: (typeof orders.$inferSelect)['status'];
  deliveredAt: Date | null;
  countryCode: string;
  currency: string;
  paymentMethod: (typeof orders.$inferSelect)['paymentMethod'];
  subtotal: number;
  discount: number;
  discounts: (typeof orders.$inferSelect)['discounts'];
  total: number;
  creditUsed: number;
  refunded: number;
  lines: { id: string; name: { text: string; lang: string }; quantityMilli: number; total: number }[];
}

export interface NewProblem {
  orderId: string;
  userId: string;
  providerId: string;
  note: string;
  photoKey: string | null;
  reportedAt: Date;
  lines: { orderLineId: string; quantityMilli: number; reason: ProblemReason }[];
}

/** Which problems a list shows: a shopper's order's, the shops a person runs, or any (operators). */
export interface ProblemFilter {
  orderId?: string | undefined;
  memberId?: string | undefined;
  shopId?: string | undefined;
  status?: ProblemStatus | undefined;
}

const problemColumns = {
  id: orderProblems.id,
  orderId: orderProblems.orderId,
  userId: orderProblems.userId,
  providerId: orderProblems.providerId,
  note: orderProblems.note,
  photoKey: orderProblems.photoKey,
  status: orderProblems.status,
  refund: orderProblems.refund,
  refundTo: orderProblems.refundTo,
  resolution: orderProblems.resolution,
  resolvedAt: orderProblems.resolvedAt,
  reportedAt: orderProblems.reportedAt,
  shopSlug: providers.slug,
  shopName: providers.name,
};

/**
 * The problem reports' one writer (`order_problems`, `order_problem_lines`); it reads the
 * orders and shops they are about.
 */
export function createProblemRepository(db: Db) {
  /** The reported lines of these problems, with what was bought. */
  const linesOf = async (problemIds: string[]) => {
    if (problemIds.length === 0) return [];
    return db
      .select({
        problemId: orderProblemLines.problemId,
        orderLineId: orderProblemLines.orderLineId,
        quantityMilli: orderProblemLines.quantityMilli,
        reason: orderProblemLines.reason,
        name: orderLines.name,
        boughtMilli: orderLines.quantityMilli,
        total: orderLines.total,
      })
      .from(orderProblemLines)
      .innerJoin(orderLines, eq(orderLines.id, orderProblemLines.orderLineId))
      .where(inArray(orderProblemLines.problemId, problemIds))
      .orderBy(asc(orderLines.id));
  };

  const ordersOf = async (orderIds: string[]): Promise<ProblemOrder[]> => {
    if (orderIds.length === 0) return [];
    const rows = await db
      .select({
        id: orders.id,
        userId: orders.userId,
        providerId: orders.providerId,
        status: orders.status,
        // Orders delivered before the column was kept had it filled from their events (migration 0031).
        deliveredAt:
          sql<Date | null>`coalesce(${orders.deliveredAt}, (select max(${orderEvents.createdAt}) from ${orderEvents} where ${orderEvents.orderId} = ${orders.id} and ${orderEvents.status} = 'delivered'))`.mapWith(
            (value: string | Date | null) => (value === null ? null : new Date(value)),
          ),
        countryCode: orders.countryCode,
        currency: orders.currency,
        paymentMethod: orders.paymentMethod,
        subtotal: orders.subtotal,
        discount: orders.discount,
        discounts: orders.discounts,
        total: orders.total,
        creditUsed: orders.creditUsed,
        refunded: orders.refunded,
      })
      .from(orders)
      .where(inArray(orders.id, orderIds));
    const lines = await db
      .select({
        orderId: orderLines.orderId,
        id: orderLines.id,
        name: orderLines.name,
        quantityMilli: orderLines.quantityMilli,
        total: orderLines.total,
      })
      .from(orderLines)
      .where(inArray(orderLines.orderId, orderIds))
      .orderBy(asc(orderLines.id));
    return rows.map((row) => ({
      ...row,
      lines: lines.filter((line) => line.orderId === row.id).map(({ orderId: _, ...line }) => line),
    }));
  };

  /** Every line reported on these orders, summed per line over their problems. */
  const reportedOf = async (orderIds: string[]) => {
    if (orderIds.length === 0) return [];
    return db
      .select({
        orderId: orderProblems.orderId,
        orderLineId: orderProblemLines.orderLineId,
        quantityMilli: sql<number>`sum(${orderProblemLines.quantityMilli})`.mapWith(Number),
      })
      .from(orderProblemLines)
      .innerJoin(orderProblems, eq(orderProblems.id, orderProblemLines.problemId))
      .where(inArray(orderProblems.orderId, orderIds))
      .groupBy(orderProblems.orderId, orderProblemLines.orderLineId);
  };

  /** Problems with their lines, their orders and what each order's problems reported. */
  const withDetails = async (rows: ProblemHead[]) => {
    const orderIds = [...new Set(rows.map((row) => row.orderId))];
    const [lines, orderRows, reported] = await Promise.all([
      linesOf(rows.map((row) => row.id)),
      ordersOf(orderIds),
      reportedOf(orderIds),
    ]);
    return rows.map((row) => {
      const order = orderRows.find((candidate) => candidate.id === row.orderId);
      if (!order) throw new Error(`The order of problem ${row.id} is gone`);
      return {
        ...row,
        lines: lines.filter((line) => line.problemId === row.id),
        order,
        reported: reported.filter((line) => line.orderId === row.orderId),
      };
    });
  };

  const whereOf = (filter: ProblemFilter): SQL | undefined =>
    and(
      filter.orderId ? eq(orderProblems.orderId, filter.orderId) : undefined,
      filter.shopId ? eq(orderProblems.providerId, filter.shopId) : undefined,
      filter.status ? eq(orderProblems.status, filter.status) : undefined,
      filter.memberId
        ? inArray(
            orderProblems.providerId,
            db
              .select({ id: providerMembers.providerId })
              .from(providerMembers)
              .where(eq(providerMembers.userId, filter.memberId)),
          )
        : undefined,
    );

  return {
    /** The order a report is about, with its lines; undefined when there is none. */
    async orderOf(orderId: string): Promise<ProblemOrder | undefined> {
      const [order] = await ordersOf([orderId]);
      return order;
    },

    /** Whether `userId` is one of the shop's people. */
    async runsShop(userId: string, shopId: string): Promise<boolean> {
      return (await shopRunBy(db, userId, shopId)) !== undefined;
    },

    async insert(problem: NewProblem): Promise<string> {
      const [row] = await db
        .insert(orderProblems)
        .values({
          orderId: problem.orderId,
          userId: problem.userId,
          providerId: problem.providerId,
          note: problem.note,
          photoKey: problem.photoKey,
          reportedAt: problem.reportedAt,
        })
        .returning({ id: orderProblems.id });
      if (!row) throw new Error('The problem just reported is gone');
      await db.insert(orderProblemLines).values(problem.lines.map((line) => ({ ...line, problemId: row.id })));
      return row.id;
    },

    /** One problem with everything its reader and its refund need. */
    async problemById(id: string) {
      const rows = await db
        .select(problemColumns)
        .from(orderProblems)
        .innerJoin(providers, eq(providers.id, orderProblems.providerId))
        .where(eq(orderProblems.id, id));
      const [problem] = await withDetails(rows);
      return problem;
    },

    /** A page of problems, open ones first, newest first. */
    async list(filter: ProblemFilter, page: { page: number; perPage: number }) {
      const where = whereOf(filter);
      const rows = await db
        .select(problemColumns)
        .from(orderProblems)
        .innerJoin(providers, eq(providers.id, orderProblems.providerId))
        .where(where)
        .orderBy(sql`${orderProblems.status} = 'open' desc`, desc(orderProblems.reportedAt), asc(orderProblems.id))
        .limit(page.perPage)
        .offset((page.page - 1) * page.perPage);
      const [total] = await db.select({ n: count() }).from(orderProblems).where(where);
      return { rows: await withDetails(rows), total: total?.n ?? 0 };
    },

    /** The problem locked until the resolution's transaction ends: one resolution at a time. */
    async lock(id: string) {
      const [row] = await db
        .select({ id: orderProblems.id, status: orderProblems.status, refund: orderProblems.refund })
        .from(orderProblems)
        .where(eq(orderProblems.id, id))
        .for('update');
      return row;
    },

    async resolve(
      id: string,
      resolution: {
        refund: number;
        refundTo: RefundDestination | null;
        resolvedBy: string;
        resolution: string | null;
        resolvedAt: Date;
      },
    ): Promise<void> {
      await db
        .update(orderProblems)
        .set({ status: 'resolved', ...resolution })
        .where(eq(orderProblems.id, id));
    },
  };
}

/** A problem's own columns, as the lists read them. */
export interface ProblemHead {
  id: string;
  orderId: string;
  userId: string;
  providerId: string;
  note: string;
  photoKey: string | null;
  status: ProblemStatus;
  refund: number;
  refundTo: RefundDestination | null;
  resolution: string | null;
  resolvedAt: Date | null;
  reportedAt: Date;
  shopSlug: string;
  shopName: string;
}

export type ProblemRepository = ReturnType<typeof createProblemRepository>;
export type ProblemRow = NonNullable<Awaited<ReturnType<ProblemRepository['problemById']>>>;
