import webPush from 'web-push';

/** The key pair Web Push messages are signed with (VAPID), and who signs (`mailto:`, `https:`). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** Where a pair made here is kept so that every API process uses it (features/notifications). */
export interface VapidKeyStore {
  vapidKeys(made: { publicKey: string; privateKey: string }): Promise<{ publicKey: string; privateKey: string }>;
}

/**
 * The installation's VAPID keys, read once: the configured pair (VAPID_PUBLIC_KEY,
 * VAPID_PRIVATE_KEY), else the pair in the database, made by the first process that needed one.
 * A browser's subscription is bound to the public key, so a pair that changed would silence every
 * phone: it is made once and kept. A failed read is tried again on the next call.
 */
export function vapidKeySource(
  config: { subject: string; keys: { publicKey: string; privateKey: string } | undefined },
  store: VapidKeyStore,
): () => Promise<VapidKeys> {
  let keys: Promise<VapidKeys> | undefined;
  return () => {
    keys ??= (config.keys ? Promise.resolve(config.keys) : store.vapidKeys(webPush.generateVAPIDKeys()))
      .then((pair) => ({ ...pair, subject: config.subject }))
      .catch((error: unknown) => {
        keys = undefined;
        throw error;
      });
    return keys;
  };
}
