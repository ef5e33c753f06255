import { z } from 'zod';

/**
 * How the signed-in user wants to hear about their orders besides the bell (which always rings):
 * by email, by SMS, by Web Push on the phones where they turned it on. Until they choose, email
 * is on when the account has an address and SMS when it has a phone number; push is on.
 */
export const ZNotificationChannelsSchema = z.object({
  email: z.boolean(),
  sms: z.boolean(),
  push: z.boolean(),
});
export type NotificationChannels = z.infer<typeof ZNotificationChannelsSchema>;

export const ZNotificationPreferencesSchema = ZNotificationChannelsSchema.extend({
  /** Whether a message can reach the account at all: an email address, a phone number. */
  reachable: z.object({ email: z.boolean(), sms: z.boolean() }),
  /** How many browsers of the account receive Web Push. */
  pushDevices: z.number().int().min(0),
  /**
   * The installation's VAPID public key (base64url), the `applicationServerKey` a browser
   * subscribes with (`PushManager.subscribe`).
   */
  pushKey: z.string(),
});
export type NotificationPreferences = z.infer<typeof ZNotificationPreferencesSchema>;

/** A browser's Web Push subscription, as `PushSubscription.toJSON()` gives it. */
export const ZPushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https$/, error: 'must be the push service’s https:// address' }).max(2000),
  keys: z.object({
    /** The browser's ECDH P-256 public key, base64url (65 bytes). */
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, 'must be a base64url P-256 key'),
    /** The browser's 16-byte auth secret, base64url. */
    auth: z.string().regex(/^[A-Za-z0-9_-]{22,24}={0,2}$/, 'must be a base64url 16-byte secret'),
  }),
});
export type PushSubscriptionRequest = z.infer<typeof ZPushSubscriptionSchema>;

/**
 * The channels a user hears on: their choice, or until they make one, email when the account has
 * an address, SMS when it has a phone number, and push (which reaches only the browsers where
 * they turned it on).
 */
export function channelsOf(
  chosen: NotificationChannels | null,
  contacts: { email: string | null; phone: string | null },
): NotificationChannels {
  return chosen ?? { email: contacts.email !== null, sms: contacts.phone !== null, push: true };
}
