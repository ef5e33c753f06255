/**
 * The ledger's postings (docs/decisions/0033-double-entry-ledger.md), pure: each builds one
 * transaction's entries, signed minor units (+ debit, − credit) that sum to zero. Accounts are
 * a kind and a party; the flows that move money post these in their own transaction.
 */

export type LedgerAccount =
  | 'order'
  | 'psp_clearing'
  | 'customer_credit'
  | 'shop_payable'
  | 'shop_tips'
  | 'platform_commission'
  | 'platform_promotions'
  | 'platform_goodwill'
  | 'payouts_in_transit';

export type LedgerPurpose =
  | 'sales'
  | 'delivery'
  | 'discount_shop'
  | 'discount_platform'
  | 'tip'
  | 'credit'
  | 'payment'
  | 'cash_collected'
  | 'commission'
  | 'refund'
  | 'goodwill'
  | 'payout';

export interface LedgerEntry {
  account: LedgerAccount;
  /** Whose account: a shop's or user's id, a gateway's name; empty for the platform's own. */
  party: string;
  amount: number;
  purpose: LedgerPurpose;
  /** The shop the entry concerns, for its statement. */
  shopId: string | null;
}

/** An order's money as it was placed: what the ledger's postings read. */
export interface OrderMoney {
  id: string;
  userId: string;
  shopId: string;
  subtotal: number;
  deliveryFee: number;
  /** Discounts by who funds them, and on what. */
  discounts: readonly { fundedBy: 'shop' | 'marketplace'; amount: number }[];
  tip: number;
  total: number;
  creditUsed: number;
  /** Paid ahead through a gateway (its name), or not (cash, or credit that covered it all). */
  paidThrough: string | null;
  commissionBp: number;
}

const entry = (
  account: LedgerAccount,
  party: string,
  amount: number,
  purpose: LedgerPurpose,
  shopId: string | null,
): LedgerEntry => ({ account, party, amount, purpose, shopId });

/** Entries without the zero ones (the table refuses them), and checked to balance. */
function balanced(entries: readonly LedgerEntry[]): LedgerEntry[] {
  const kept = entries.filter((each) => each.amount !== 0);
  const sum = kept.reduce((total, each) => total + each.amount, 0);
  if (sum !== 0) throw new Error(`A ledger posting does not balance: ${sum}`);
  return kept;
}

/** The shop's goods after the discounts it funds: what the commission is a share of. */
export function commissionBase(order: OrderMoney): number {
  return order.subtotal - funded(order, 'shop');
}

function funded(order: OrderMoney, by: 'shop' | 'marketplace'): number {
  return order.discounts.reduce((sum, line) => sum + (line.fundedBy === by ? line.amount : 0), 0);
}

/**
 * An order placed: the shopper owes its total; the shop is owed its goods and delivery, less
 * the discounts it funds (Malewa pays those it funds), and its tip apart; credit spent pays
 * part of the total, and a payment taken ahead the rest.
 */
export function placedPosting(order: OrderMoney): LedgerEntry[] {
  const shop = order.shopId;
  const byMethod = order.total - order.creditUsed;
  return balanced([
    entry('order', order.id, order.total, 'sales', shop),
    entry('platform_promotions', '', funded(order, 'marketplace'), 'discount_platform', shop),
    entry('shop_payable', shop, -order.subtotal, 'sales', shop),
    entry('shop_payable', shop, -order.deliveryFee, 'delivery', shop),
    entry('shop_payable', shop, funded(order, 'shop'), 'discount_shop', shop),
    entry('shop_tips', shop, -order.tip, 'tip', shop),
    entry('customer_credit', order.userId, order.creditUsed, 'credit', shop),
    entry('order', order.id, -order.creditUsed, 'credit', shop),
    ...(order.paidThrough
      ? [
          entry('psp_clearing', order.paidThrough, byMethod, 'payment', shop),
          entry('order', order.id, -byMethod, 'payment', shop),
        ]
      : []),
  ]);
}

/**
 * An order delivered: cash the shop took at the door settles what the shopper still owed (the
 * shop holds that money, so it is owed that much less), and Malewa's commission is taken from
 * what the shop is owed.
 */
export function deliveredPosting(order: OrderMoney): LedgerEntry[] {
  const shop = order.shopId;
  const cash = order.paidThrough ? 0 : order.total - order.creditUsed;
  const commission = Math.round((commissionBase(order) * order.commissionBp) / 10_000);
  return balanced([
    entry('shop_payable', shop, cash, 'cash_collected', shop),
    entry('order', order.id, -cash, 'cash_collected', shop),
    entry('shop_payable', shop, commission, 'commission', shop),
    entry('platform_commission', '', -commission, 'commission', shop),
  ]);
}

/** An order closed before delivery (cancelled, rejected): everything its placing posted, reversed. */
export function reversalOf(placed: readonly LedgerEntry[]): LedgerEntry[] {
  return balanced(placed.map((each) => ({ ...each, amount: -each.amount })));
}

/** Goodwill credit Malewa gives a shopper. */
export function goodwillPosting(userId: string, amount: number): LedgerEntry[] {
  return balanced([
    entry('platform_goodwill', '', amount, 'goodwill', null),
    entry('customer_credit', userId, -amount, 'goodwill', null),
  ]);
}

/** A payment a gateway could not take back, kept as the shopper's credit instead. */
export function refundToCreditPosting(gateway: string, userId: string, amount: number): LedgerEntry[] {
  return balanced([
    entry('psp_clearing', gateway, amount, 'refund', null),
    entry('customer_credit', userId, -amount, 'refund', null),
  ]);
}

/**
 * Part of a delivered order refunded for a problem: the shop bears it, back through the
 * gateway or to credit, and Malewa gives back the commission it took on that part.
 */
export function problemRefundPosting(
  order: OrderMoney,
  refund: number,
  to: { method: string } | { credit: true },
): LedgerEntry[] {
  const shop = order.shopId;
  const base = commissionBase(order);
  const commission = Math.round((base * order.commissionBp) / 10_000);
  const commissionBack = base === 0 ? 0 : Math.min(commission, Math.round((commission * refund) / base));
  return balanced([
    entry('shop_payable', shop, refund, 'refund', shop),
    'method' in to
      ? entry('psp_clearing', to.method, -refund, 'refund', shop)
      : entry('customer_credit', order.userId, -refund, 'refund', shop),
    entry('platform_commission', '', commissionBack, 'commission', shop),
    entry('shop_payable', shop, -commissionBack, 'commission', shop),
  ]);
}

/** A shop paid out what it was owed, its tips included. */
export function payoutPosting(shopId: string, payable: number, tips: number): LedgerEntry[] {
  return balanced([
    entry('shop_payable', shopId, payable, 'payout', shopId),
    entry('shop_tips', shopId, tips, 'payout', shopId),
    entry('payouts_in_transit', '', -(payable + tips), 'payout', shopId),
  ]);
}
