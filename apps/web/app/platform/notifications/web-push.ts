/**
 * This browser's Web Push subscription (issue 33), in the browser only: whether it can have one,
 * the one it has, and a new one for the installation's VAPID key. The offline worker
 * (`/sw.js`) receives the messages and shows them.
 */

/** Service workers, the Push API and notifications, all three: else no button is shown. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window &&
    window.isSecureContext
  );
}

/** The subscription as the API takes it: the push service's address and the browser's keys. */
export interface BrowserSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

function toBrowserSubscription(subscription: PushSubscription): BrowserSubscription {
  const { endpoint, keys } = subscription.toJSON();
  return { endpoint: endpoint ?? subscription.endpoint, p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' };
}

/** The subscription this browser already has, if any (the worker may not be registered yet). */
export async function currentSubscription(): Promise<BrowserSubscription | undefined> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  return subscription ? toBrowserSubscription(subscription) : undefined;
}

/**
 * Asks the shopper's permission, then subscribes with `publicKey` (base64url). `denied` when
 * they (or the browser) refuse notifications.
 */
export async function subscribe(publicKey: string): Promise<BrowserSubscription | 'denied'> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  await navigator.serviceWorker.register('/sw.js');
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: base64urlBytes(publicKey),
  });
  return toBrowserSubscription(subscription);
}

/** Ends this browser's subscription; its endpoint, for the API to forget. */
export async function unsubscribe(): Promise<string | undefined> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return undefined;
  await subscription.unsubscribe();
  return subscription.endpoint;
}

function base64urlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
