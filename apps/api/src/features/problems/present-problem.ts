import type { CurrencyCode } from '@malewa/contracts/currencies';
import type { OrderProblem } from '@malewa/contracts/orders/problem';
import type { ProblemOrder, ProblemRow } from './problem-repository.ts';
import { type CapLine, refundCap } from './refund-cap.ts';

/** The cap's lines: this problem's, and every line the order's problems reported, per line. */
export function capLinesOf(row: ProblemRow): { lines: CapLine[]; orderReported: CapLine[] } {
  const lineOf = (order: ProblemOrder, id: string) => order.lines.find((line) => line.id === id);
  return {
    lines: row.lines.map((line) => ({
      total: line.total,
      boughtMilli: line.boughtMilli,
      reportedMilli: line.quantityMilli,
    })),
    orderReported: row.reported.flatMap((reported) => {
      const line = lineOf(row.order, reported.orderLineId);
      return line
        ? [{ total: line.total, boughtMilli: line.quantityMilli, reportedMilli: reported.quantityMilli }]
        : [];
    }),
  };
}

export function presentProblem(row: ProblemRow): OrderProblem {
  const currency = row.order.currency as CurrencyCode;
  const money = (amount: number) => ({ amount, currency });
  const { lines, orderReported } = capLinesOf(row);
  const cap = refundCap(row.order, { lines, refunded: row.refund }, orderReported);
  return {
    id: row.id,
    orderId: row.orderId,
    shop: { id: row.providerId, slug: row.shopSlug, name: row.shopName },
    status: row.status,
    reportedAt: row.reportedAt.toISOString(),
    note: row.note,
    photo: row.photoKey !== null,
    lines: row.lines.map((line) => ({
      orderLineId: line.orderLineId,
      name: line.name,
      quantity: line.quantityMilli / 1000,
      bought: line.boughtMilli / 1000,
      reason: line.reason,
      total: money(line.total),
    })),
    order: {
      paymentMethod: row.order.paymentMethod,
      total: money(row.order.total),
      creditUsed: money(row.order.creditUsed),
      refunded: money(row.order.refunded),
      deliveredAt: row.order.deliveredAt?.toISOString() ?? null,
    },
    refund: money(row.refund),
    refundTo: row.refundTo,
    resolution: row.resolution,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    refundable: {
      // A cash order has no method to give back through.
      method: money(row.order.paymentMethod === 'cash' ? 0 : cap.method),
      credit: money(cap.credit),
    },
  };
}
