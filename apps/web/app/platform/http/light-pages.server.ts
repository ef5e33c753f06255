import { cookieValue, serverPreferenceCookie } from './cookies.server.ts';

/**
 * Below this downlink (Mbit/s, the `Downlink` client hint) a page's scripts cost more than
 * they give: the framework and shell (some 110 KB) take 1.8 s or more to arrive, and hydrating
 * them on a cheap phone more again (decision 39).
 */
const SLOW_DOWNLINK_MBPS = 0.5;

/**
 * The shopper's own choice of light or full pages (the footer's switch, /set-pages), which
 * wins over what the connection says: 365 days, httpOnly (only the server reads it), Lax.
 */
export const PAGES_COOKIE = 'malewa_pages';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
export const PAGES_CHOICES = ['light', 'full'] as const;
export type PagesChoice = (typeof PAGES_CHOICES)[number];

export function pagesCookie(choice: PagesChoice, request: Request): string {
  return serverPreferenceCookie(request, PAGES_COOKIE, choice, MAX_AGE_SECONDS);
}

/** The choice in a Cookie header, or null when there is none (or it names neither). */
export function pagesChoiceOf(cookieHeader: string | null | undefined): PagesChoice | null {
  const value = cookieValue(cookieHeader, PAGES_COOKIE);
  return PAGES_CHOICES.find((choice) => choice === value) ?? null;
}

/**
 * Whether the shopper gets light pages: the smallest pictures and no scripts (the pages work
 * without them, as with JavaScript off; decision 39). The shopper's choice first; else on
 * `Save-Data: on` (the browser's data saver), a 2G connection by the ECT client hint, or a
 * downlink under 0.5 Mbit/s by the Downlink hint. Chromium sends both hints once a response
 * asked for them (`Accept-CH`, server/app.ts); a first visit's page, asked for without them, is
 * full, and its scripts do not start on such a link (scripts-after-load.js, decision 40).
 * `header` reads a request header by lower-case name.
 */
export function wantsLightPages(header: (name: string) => string | null | undefined): boolean {
  const choice = pagesChoiceOf(header('cookie'));
  if (choice) return choice === 'light';
  if (header('save-data')?.trim().toLowerCase() === 'on') return true;
  const ect = header('ect')?.trim().toLowerCase();
  if (ect === '2g' || ect === 'slow-2g') return true;
  const downlink = Number.parseFloat(header('downlink') ?? '');
  return Number.isFinite(downlink) && downlink >= 0 && downlink < SLOW_DOWNLINK_MBPS;
}
