import { randomUUID } from 'node:crypto';
import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import { isArrival } from '../http/arrival.server.ts';
import { isHttps } from '../http/cookies.server.ts';
import { withHeaders } from '../http/response-headers.server.ts';
import {
  cookieValue,
  decodeFlashNotification,
  encodeFlashNotification,
  type FlashNotification,
  NOTIFICATION_COOKIE,
  NOTIFICATION_COOKIE_MAX_AGE_S,
} from './flash-notification.ts';

/**
 * One request's notifications: the one the browser brought back in the cookie, the one an
 * action or loader raised now, and which of them the root loader put into the page.
 */
interface NotificationSlot {
  /** Whether the shopper sees this answer (`isArrival`): only then is a notification shown. */
  shown: boolean;
  incoming: FlashNotification | undefined;
  raised: FlashNotification | undefined;
  delivered: string | undefined;
}

const slotContext = createContext<NotificationSlot | null>(null);

/**
 * For actions and loaders: tell the shopper something in a toast (docs/product/errors.md,
 * notifications), e.g. `notify(context, { type: 'success', title, message })`, texts already in
 * their language.
 */
export function notify(context: Readonly<RouterContextProvider>, notification: Omit<FlashNotification, 'id'>): void {
  const slot = context.get(slotContext);
  if (slot) slot.raised = { ...notification, id: randomUUID() };
}

/**
 * For the root loader: the notification this page should show, now counted as delivered. A
 * plain form post runs its action and then the loaders in one request, so a notification
 * raised by the action arrives in the very page it answers with, even without JavaScript.
 */
export function takeNotification(context: Readonly<RouterContextProvider>): FlashNotification | null {
  const slot = context.get(slotContext);
  const notification = slot?.shown ? (slot.raised ?? slot.incoming) : undefined;
  if (!slot || !notification) return null;
  slot.delivered = notification.id;
  return notification;
}

/**
 * Root middleware: reads the waiting notification from the cookie before the route runs; after
 * it, keeps in the cookie what the page did not carry (a redirect, a JavaScript submission, a
 * data request without the root loader) and clears what it did. A page fetched in the
 * background (the offline worker saving the open pages, a prefetch) neither shows nor clears
 * it: the shopper would never see it, and the page they do open next would come without it.
 */
export const notificationMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const shown = isArrival(request);
  const slot: NotificationSlot = {
    shown,
    incoming: shown
      ? decodeFlashNotification(cookieValue(request.headers.get('Cookie'), NOTIFICATION_COOKIE))
      : undefined,
    raised: undefined,
    delivered: undefined,
  };
  context.set(slotContext, slot);
  const response = await next();
  const cookie = notificationCookie(slot, isHttps(request));
  if (cookie === undefined) return response;
  return withHeaders(response, (headers) => headers.append('Set-Cookie', cookie));
};

/** The Set-Cookie header a request ends with, if any. */
export function notificationCookie(slot: NotificationSlot, secure: boolean): string | undefined {
  const attributes = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  if (slot.raised && slot.delivered !== slot.raised.id) {
    return `${NOTIFICATION_COOKIE}=${encodeFlashNotification(slot.raised)}; Max-Age=${NOTIFICATION_COOKIE_MAX_AGE_S}; ${attributes}`;
  }
  if (slot.incoming && slot.delivered !== undefined) return `${NOTIFICATION_COOKIE}=; Max-Age=0; ${attributes}`;
  return undefined;
}
