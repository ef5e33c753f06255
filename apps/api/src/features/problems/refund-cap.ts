import type { RefundDestination } from '@malewa/contracts/orders/problem-vocabulary';

/** An order's money as the cap reads it (minor units). */
export interface CapOrder {
  subtotal: number;
  /** The discount total, and its lines: only those on the goods come off the lines. */
  discount: number;
  discounts: readonly { appliesTo: 'goods' | 'delivery'; amount: number }[];
  total: number;
  creditUsed: number;
  /** Given back for all its problems so far. */
  refunded: number;
}

/** A line and how much of it a report names (thousandths of its unit). */
export interface CapLine {
  total: number;
  boughtMilli: number;
  reportedMilli: number;
}

/** The goods discounts, spread over the lines; an order from before named discounts counts all of it. */
function goodsDiscountOf(order: CapOrder): number {
  if (order.discounts.length === 0) return order.discount;
  return order.discounts.filter((line) => line.appliesTo === 'goods').reduce((sum, line) => sum + line.amount, 0);
}

/**
 * What was paid for `reportedMilli` of a line: its total less its share of the goods
 * discounts (rounded up, so the share never comes out short), times the part reported
 * (rounded down). Never more than the shopper paid for it.
 */
export function paidFor(order: CapOrder, line: CapLine): number {
  const discount = goodsDiscountOf(order);
  const share = order.subtotal > 0 ? Math.ceil((discount * line.total) / order.subtotal) : 0;
  const paid = Math.max(0, line.total - share);
  const part = Math.min(line.reportedMilli, line.boughtMilli);
  return Math.floor((paid * part) / line.boughtMilli);
}

/**
 * The most a (further) refund for one problem may be, by destination (docs/product/checkout.md,
 * problems after delivery):
 * - what was paid for its lines, less what it already gave back;
 * - and, across the order, what was paid for every line its problems reported (each line at
 *   most as much as was bought) less what the order already gave back: two reports of one
 *   line never get it twice;
 * - to the method, at most what the method paid (total less credit used) less what was given
 *   back; to credit, at most the total less what was given back.
 */
export function refundCap(
  order: CapOrder,
  problem: { lines: readonly CapLine[]; refunded: number },
  orderReported: readonly CapLine[],
): Record<RefundDestination, number> {
  const sum = (lines: readonly CapLine[]) => lines.reduce((total, line) => total + paidFor(order, line), 0);
  const forLines = Math.min(sum(problem.lines) - problem.refunded, sum(orderReported) - order.refunded);
  return {
    method: Math.max(0, Math.min(forLines, order.total - order.creditUsed - order.refunded)),
    credit: Math.max(0, Math.min(forLines, order.total - order.refunded)),
  };
}
