import { randomUUID } from 'node:crypto';
import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import { isArrival } from '../http/arrival.server.ts';
import { isHttps } from '../http/cookies.server.ts';
import { withHeaders } from '../http/response-headers.server.ts';
import {
  cookieValue,
  decodeFlashToast,
  encodeFlashToast,
  type FlashToast,
  TOAST_COOKIE,
  TOAST_COOKIE_MAX_AGE_S,
} from './flash-toast.ts';

/**
 * One request's toasts: the one the browser brought back in the cookie, the one an
 * action or loader raised now, and which of them the root loader put into the page.
 */
interface ToastSlot {
  /** Whether the shopper sees this answer (`isArrival`): only then is a toast shown. */
  shown: boolean;
  incoming: FlashToast | undefined;
  raised: FlashToast | undefined;
  delivered: string | undefined;
}

const slotContext = createContext<ToastSlot | null>(null);

/**
 * For actions and loaders: tell the shopper something in a toast (docs/product/errors.md,
 * toasts), e.g. `showToast(context, { type: 'success', title, message })`, texts already in
 * their language.
 */
export function showToast(context: Readonly<RouterContextProvider>, toast: Omit<FlashToast, 'id'>): void {
  const slot = context.get(slotContext);
  if (slot) slot.raised = { ...toast, id: randomUUID() };
}

/**
 * For the root loader: the toast this page should show, now counted as delivered. A
 * plain form post runs its action and then the loaders in one request, so a toast
 * raised by the action arrives in the very page it answers with, even without JavaScript.
 */
export function takeToast(context: Readonly<RouterContextProvider>): FlashToast | null {
  const slot = context.get(slotContext);
  const toast = slot?.shown ? (slot.raised ?? slot.incoming) : undefined;
  if (!slot || !toast) return null;
  slot.delivered = toast.id;
  return toast;
}

/**
 * Root middleware: reads the waiting toast from the cookie before the route runs; after
 * it, keeps in the cookie what the page did not carry (a redirect, a JavaScript submission, a
 * data request without the root loader) and clears what it did. A page fetched in the
 * background (the offline worker saving the open pages, a prefetch) neither shows nor clears
 * it: the shopper would never see it, and the page they do open next would come without it.
 */
export const toastMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const shown = isArrival(request);
  const slot: ToastSlot = {
    shown,
    incoming: shown ? decodeFlashToast(cookieValue(request.headers.get('Cookie'), TOAST_COOKIE)) : undefined,
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
export function notificationCookie(slot: ToastSlot, secure: boolean): string | undefined {
  const attributes = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  if (slot.raised && slot.delivered !== slot.raised.id) {
    return `${TOAST_COOKIE}=${encodeFlashToast(slot.raised)}; Max-Age=${TOAST_COOKIE_MAX_AGE_S}; ${attributes}`;
  }
  if (slot.incoming && slot.delivered !== undefined) return `${TOAST_COOKIE}=; Max-Age=0; ${attributes}`;
  return undefined;
}
