import type { ToastType } from './toast-store.ts';

/**
 * A toast the server hands the page (`_notification`: docs/product/errors.md,
 * toasts), e.g. the contact form's "Message sent". It travels in the root loader's data
 * when the page being rendered can carry it, and otherwise in a short-lived cookie: after a
 * redirect, or after a JavaScript submission whose page data is not reloaded. The cookie is
 * readable by the page's script, which takes it as soon as a navigation settles; it holds only
 * what the toast shows. This module is shared by server and browser, so it checks shapes by
 * hand rather than load a schema library into every page.
 */
export interface FlashToast {
  id: string;
  type: ToastType;
  title: string;
  message: string;
  permanent?: boolean;
}

export const TOAST_COOKIE = 'malewa_notice';
/** Long enough to survive a redirect on a slow 2G connection, short enough to never surprise. */
export const TOAST_COOKIE_MAX_AGE_S = 60;

const TYPES: readonly string[] = ['success', 'info', 'warning', 'error'];
const MAX_TEXT = 500;

function isText(value: unknown, max = MAX_TEXT): value is string {
  return typeof value === 'string' && value.length <= max;
}

/** Anything read back from a cookie is the browser's to change: keep only a sound shape. */
export function asFlashToast(value: unknown): FlashToast | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, type, title, message, permanent } = value as Record<string, unknown>;
  if (!isText(id, 64) || id === '' || !isText(type) || !TYPES.includes(type)) return undefined;
  if (!isText(title) || !isText(message) || (title === '' && message === '')) return undefined;
  if (permanent !== undefined && typeof permanent !== 'boolean') return undefined;
  return { id, type: type as ToastType, title, message, ...(permanent ? { permanent } : {}) };
}

export function encodeFlashToast(toast: FlashToast): string {
  return encodeURIComponent(JSON.stringify(toast));
}

export function decodeFlashToast(value: string | undefined): FlashToast | undefined {
  if (!value) return undefined;
  try {
    return asFlashToast(JSON.parse(decodeURIComponent(value)));
  } catch {
    return undefined;
  }
}

/** The value of one cookie in a `Cookie` header (or `document.cookie`). */
export function cookieValue(cookies: string | null | undefined, name: string): string | undefined {
  for (const pair of (cookies ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/** In the browser: the waiting toast, if any, removed from the cookie jar as it is read. */
export function takeFlashToastCookie(doc: Pick<Document, 'cookie'> = document): FlashToast | undefined {
  const raw = cookieValue(doc.cookie, TOAST_COOKIE);
  if (raw === undefined) return undefined;
  doc.cookie = `${TOAST_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  return decodeFlashToast(raw);
}
