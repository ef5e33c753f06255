import type { CurrencyCode } from '@malewa/contracts/currencies';
import type { OrderProblem, ResolveProblemProblem, ResolveProblemRequest } from '@malewa/contracts/orders/problem';
import type { RefundDestination } from '@malewa/contracts/orders/problem-vocabulary';
import { AppError } from '../app-error.ts';
import { type Clock, clock } from '../clock.ts';
import type { AccountRepository } from '../features/account/account-repository.ts';
import type { AuditRepository } from '../features/audit/audit-repository.ts';
import type { AccountsRepository } from '../features/auth/accounts-repository.ts';
import type { OrderRefundRepository } from '../features/orders/order-refund-repository.ts';
import { capLinesOf, presentProblem } from '../features/problems/present-problem.ts';
import type { ProblemRepository } from '../features/problems/problem-repository.ts';
import { refundCap } from '../features/problems/refund-cap.ts';
import { orderMoneyOf } from '../ledger/order-money.ts';
import { problemRefundPosting } from '../ledger/postings.ts';
import type { PaymentGateway } from '../payments/payment-gateway.ts';
import type { Principal } from '../plugins/access-control.ts';
import type { TransactionDeps } from '../transaction-deps.ts';
import { actorOf } from './operator-actor.ts';
import { creditInstead, queueRefund, type RefundDeps, sendQueuedRefund } from './refunds.ts';
import { type NoticeDeps, sendNotices } from './send-notices.ts';

export interface ResolveProblemDeps extends TransactionDeps, RefundDeps, NoticeDeps {
  problems: ProblemRepository;
  orderRefunds: OrderRefundRepository;
  credits: Pick<AccountRepository, 'addCredit'>;
  accounts: Pick<AccountsRepository, 'contactOf'>;
  audit: AuditRepository;
  gateway: PaymentGateway;
  publicOrigin: string;
  now?: Clock | undefined;
}

/**
 * The money one resolution moves, for the ledger's posting: `refund` minor units of
 * `currency` for `orderId` of `shopId` to `userId`, through the method or to credit. `key` is
 * the posting's once-only key: `refund:{problem}` for the first money a problem gives back, and
 * `refund:{problem}:after:{given before}` for an operator's further refund (each grows it).
 */
export interface ProblemRefund {
  key: string;
  problemId: string;
  orderId: string;
  shopId: string;
  userId: string;
  currency: string;
  refund: number;
  to: RefundDestination;
}

/**
 * The shop (`by: 'shop'`, one of its people: another shop's problem is a 404) or an operator
 * resolves a problem report, in one transaction: the problem resolved, `orders.refunded`
 * raised, credit given for `to: 'credit'`, the shopper's notification and message, and for an
 * operator the audit entry. The refund is at most what was paid for the reported lines
 * (features/problems/refund-cap.ts), else a 422 with the cap. A shop resolves once; an
 * operator may overrule with a further refund. `to: 'method'` is queued in the transaction and
 * goes back through the gateway after the commit (refunds.ts: what it refuses lands in credit).
 */
export async function resolveProblem(
  deps: ResolveProblemDeps,
  principal: Principal,
  by: 'shop' | 'operator',
  problemId: string,
  request: ResolveProblemRequest,
): Promise<{ problem: OrderProblem; refund: ProblemRefund }> {
  const at = clock(deps);
  const actor = by === 'operator' ? await actorOf(deps, principal) : undefined;
  const found = await deps.problems.problemById(problemId);
  if (!found || (by === 'shop' && !(await deps.problems.runsShop(principal.userId, found.providerId)))) {
    throw new AppError('NOT_FOUND', 'No such problem');
  }
  const refund = await deps.transaction(async () => {
    // The order first, then the problem: every resolution of one order takes them in this order.
    const order = await deps.orderRefunds.lockOrderMoney(found.orderId);
    const locked = await deps.problems.lock(problemId);
    const problem = await deps.problems.problemById(problemId);
    if (!order || !locked || !problem) throw new AppError('NOT_FOUND', 'No such problem');
    if (by === 'shop' && locked.status === 'resolved') {
      refuse('CONFLICT', { code: 'already_resolved' }, 'This problem is resolved; an operator may change it');
    }
    if (request.to === 'method' && request.refund > 0 && order.paymentMethod === 'cash') {
      refuse('BUSINESS_RULE', { code: 'no_method' }, 'A cash order is refunded to credit');
    }
    const { lines, orderReported } = capLinesOf(problem);
    const cap = refundCap(order, { lines, refunded: locked.refund }, orderReported)[request.to];
    if (request.refund > cap) {
      refuse(
        'BUSINESS_RULE',
        { code: 'above_cap', cap: { amount: cap, currency: order.currency as CurrencyCode }, to: request.to },
        `At most ${cap} may be refunded for these lines`,
      );
    }
    const given: ProblemRefund = {
      key: locked.refund === 0 ? `refund:${problemId}` : `refund:${problemId}:after:${locked.refund}`,
      problemId,
      orderId: order.id,
      shopId: order.providerId,
      userId: order.userId,
      currency: order.currency,
      refund: request.refund,
      to: request.to,
    };
    const note = request.note?.trim() || null;
    await deps.problems.resolve(problemId, {
      refund: locked.refund + request.refund,
      refundTo: request.refund > 0 ? request.to : problem.refundTo,
      resolvedBy: principal.userId,
      resolution: note ?? problem.resolution,
      resolvedAt: at,
    });
    if (request.refund > 0) {
      await deps.orderRefunds.addRefunded(order.id, request.refund);
      if (request.to === 'credit') {
        await deps.credits.addCredit(order.userId, order.currency, request.refund, `problem:${problemId}`, order.id);
      }
      // The shop bears it, through the gateway or to credit; Malewa gives back its commission on it.
      await deps.ledger.post({
        kind: 'problem_refund',
        key: given.key,
        currency: order.currency,
        occurredAt: at,
        orderId: order.id,
        shopId: order.providerId,
        userId: order.userId,
        entries: problemRefundPosting(
          orderMoneyOf(order, deps.gateway.name),
          request.refund,
          request.to === 'method' ? { method: deps.gateway.name } : { credit: true },
        ),
      });
      if (request.to === 'method') {
        // Queued with the decision and sent after the commit (refunds.ts: what the gateway
        // refuses becomes credit there); with no payment to send it through, credit at once.
        const payment = await deps.payments.byCheckout(order.checkoutId);
        if (payment) await queueRefund(deps, payment, request.refund, given.key, order.id);
        else {
          await creditInstead(
            deps,
            { userId: order.userId, currency: order.currency, amount: request.refund, orderId: order.id },
            `problem:${problemId}`,
          );
        }
      }
    }
    // The shopper's notice of it (and of its refund): the bell, and email, SMS and push as they
    // chose; each resolution once (an operator's overrule is another).
    await sendNotices(deps, [
      {
        userId: order.userId,
        kind: 'problem-resolved',
        params: {
          problemId,
          orderId: order.id,
          shop: problem.shopName,
          amount: String(request.refund),
          currency: order.currency,
          to: request.to,
          countryCode: order.countryCode,
          ...(note ? { note } : {}),
        },
        dedupeKey: `resolved:${problemId}:${at.toISOString()}`,
      },
    ]);
    if (actor) {
      await deps.audit.record([
        {
          ...actor,
          action: locked.status === 'resolved' ? 'problem.overrule' : 'problem.resolve',
          subjectType: 'order_problem',
          subjectId: problemId,
          before: { status: locked.status, refund: locked.refund },
          after: { status: 'resolved', refund: locked.refund + request.refund, to: request.to, note },
          at,
        },
      ]);
    }
    return given;
  });
  if (refund.to === 'method' && refund.refund > 0) await sendQueuedRefund(deps, refund.key);
  const resolved = await deps.problems.problemById(problemId);
  if (!resolved) throw new Error('The problem just resolved is gone');
  return { problem: presentProblem(resolved), refund };
}

function refuse(code: 'CONFLICT' | 'BUSINESS_RULE', problem: ResolveProblemProblem, message: string): never {
  throw new AppError(code, message, { problem });
}
