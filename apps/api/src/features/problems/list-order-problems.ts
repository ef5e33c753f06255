import type { CurrencyCode } from '@malewa/contracts/currencies';
import type { OrderProblems } from '@malewa/contracts/orders/list-order-problems';
import { AppError } from '#api/app-error.ts';
import { type Clock, clock } from '#api/clock.ts';
import type { Principal } from '#api/plugins/access-control.ts';
import { presentProblem } from './present-problem.ts';
import type { ProblemRepository } from './problem-repository.ts';
import { reportableUntil } from './report-problem.ts';

/** What the shopper's report form needs of their order, and the problems reported so far. */
export async function listOrderProblems(
  deps: { problems: ProblemRepository; now?: Clock | undefined },
  principal: Principal,
  orderId: string,
): Promise<OrderProblems> {
  const order = await deps.problems.orderOf(orderId);
  if (!order || order.userId !== principal.userId) throw new AppError('NOT_FOUND', 'No such order');
  const until = reportableUntil(order);
  const { rows } = await deps.problems.list({ orderId }, { page: 1, perPage: 100 });
  return {
    orderId: order.id,
    status: order.status,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    reportableUntil: until?.toISOString() ?? null,
    reportable: until !== null && clock(deps).getTime() <= until.getTime(),
    lines: order.lines.map((line) => ({
      id: line.id,
      name: line.name,
      quantity: line.quantityMilli / 1000,
      total: { amount: line.total, currency: order.currency as CurrencyCode },
    })),
    problems: rows.map(presentProblem),
  };
}
