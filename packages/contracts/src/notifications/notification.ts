import { z } from 'zod';

/** What a notification can be about: the one list (the database's `notifications.kind` takes it too). */
export const NOTIFICATION_KINDS = [
  'welcome',
  'account-confirmed',
  'password-changed',
  'new-sign-in',
  'problem-resolved',
  // An order's steps, to its shopper (params: orderId, shop; rider-assigned: rider, vehicle;
  // order-refunded: amount, currency).
  'order-accepted',
  'order-rejected',
  'rider-assigned',
  'order-picked-up',
  'rider-nearly-there',
  'order-delivered',
  'order-cancelled',
  'order-refunded',
  // To a shop's people (orderId, shop) and to operators (job-not-taken); order-missed: an
  // order the shop did not accept in time, rejected automatically.
  'new-order',
  'order-missed',
  'job-not-taken',
  // To a rider (orderId, shop, jobId).
  'new-job',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * A notification of the signed-in user. The text is the client's to write in its language,
 * from `kind` and `params` (new-sign-in: `clientIp`, `userAgent`; problem-resolved: `orderId`, `shop`, `amount` in minor units,
 * `currency`, `to`).
 */
export const ZNotificationItemSchema = z.object({
  id: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  params: z.record(z.string(), z.string()),
  read: z.boolean(),
  readAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type NotificationItem = z.infer<typeof ZNotificationItemSchema>;
