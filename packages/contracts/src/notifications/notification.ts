import { z } from 'zod';

/** What a notification can be about: the one list (the database's `notifications.kind` takes it too). */
export const NOTIFICATION_KINDS = [
  'welcome',
  'account-confirmed',
  'password-changed',
  'new-sign-in',
  'problem-resolved',
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
