/** What went wrong with a delivered line: it did not come, it was not what was ordered, or it came damaged. */
export const PROBLEM_REASONS = ['missing', 'wrong', 'damaged'] as const;
export type ProblemReason = (typeof PROBLEM_REASONS)[number];

/** A report waits for its shop (or an operator), then is resolved, with or without a refund. */
export const PROBLEM_STATUSES = ['open', 'resolved'] as const;
export type ProblemStatus = (typeof PROBLEM_STATUSES)[number];

/** Where a problem's refund goes: back through the payment method, or to Malewa credit. */
export const REFUND_DESTINATIONS = ['method', 'credit'] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];

/** How long after delivery a shopper may report a problem. */
export const PROBLEM_WINDOW_HOURS = 48;
