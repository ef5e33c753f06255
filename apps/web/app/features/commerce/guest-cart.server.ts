import { randomBytes } from 'node:crypto';
import { CART_TOKEN_HEADER, CART_TOKEN_PATTERN } from '@malewa/contracts/carts/cart';
import { mergeGuestCartEndpoint } from '@malewa/contracts/carts/merge-guest-cart';
import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import { ApiError, apiClientFor } from '#app/platform/api-client/api-client.server.ts';
import { readCookie } from '#app/platform/http/cookies.server.ts';
import { withHeaders } from '#app/platform/http/response-headers.server.ts';
import { secureCookies, sessionOf } from '#app/platform/session/session.server.ts';

/**
 * A guest's carts live under a token the storefront makes (32 random bytes) and keeps in an
 * httpOnly cookie: the page's scripts never see it, the API keeps only its hash. Signing in or
 * registering moves the guest's carts into the account's (`guestCartMiddleware`).
 */
export const CART_COOKIE = 'malewa_cart';
/** A month: a cart filled on Friday is still there after payday. */
const CART_COOKIE_MAX_AGE_S = 30 * 24 * 3600;

interface GuestCart {
  /** The token the request came with, if it is one of ours. */
  readonly arrived: string | undefined;
  /** A token made during this request (the first add of a guest), to be set as the cookie. */
  made: string | undefined;
}

const guestCartContext = createContext<GuestCart | null>(null);

function cookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return `${CART_COOKIE}=${value}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

function guestCartOf(context: Readonly<RouterContextProvider>, request: Request): GuestCart {
  const slot = context.get(guestCartContext);
  if (slot) return slot;
  // Outside the middleware (unit tests): read the cookie, keep nothing.
  const arrived = readCookie(request, CART_COOKIE);
  return { arrived: arrived && CART_TOKEN_PATTERN.test(arrived) ? arrived : undefined, made: undefined };
}

/**
 * The headers that say whose cart a call is about: a signed-in shopper's comes from their
 * session (the API client's Bearer), a guest's from their token. `forWriting` makes a guest a
 * token on their first add; reading a cart one does not have needs none.
 */
export function cartHeaders(
  context: Readonly<RouterContextProvider>,
  request: Request,
  { forWriting }: { forWriting: boolean },
): Record<string, string> {
  if (sessionOf(context).signedIn) return {};
  const guest = guestCartOf(context, request);
  const token = guest.made ?? guest.arrived;
  if (token) return { [CART_TOKEN_HEADER]: token };
  if (!forWriting) return {};
  guest.made = randomBytes(32).toString('base64url');
  return { [CART_TOKEN_HEADER]: guest.made };
}

/** Whether this shopper may have a cart at all (signed in, or a guest with a token). */
export function mayHaveCart(context: Readonly<RouterContextProvider>, request: Request): boolean {
  return sessionOf(context).signedIn || guestCartOf(context, request).arrived !== undefined;
}

/**
 * Root middleware, after the session's: keeps a new guest token in its cookie, and once the
 * shopper is signed in (this request signed them in, or an earlier merge could not reach the
 * API) moves the guest's carts into the account's, then forgets the token. The merge is
 * idempotent on the API's side, so a retry never doubles a line.
 */
export const guestCartMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const arrived = readCookie(request, CART_COOKIE);
  const guest: GuestCart = {
    arrived: arrived && CART_TOKEN_PATTERN.test(arrived) ? arrived : undefined,
    made: undefined,
  };
  context.set(guestCartContext, guest);
  const response = await next();
  const secure = secureCookies(context, request);
  const session = sessionOf(context);
  let setCookie: string | undefined;
  if (session.signedIn && arrived !== undefined) {
    if (guest.arrived === undefined || (await mergedInto(context, request, guest.arrived))) {
      setCookie = cookie('', 0, secure);
    }
  } else if (guest.made) {
    setCookie = cookie(guest.made, CART_COOKIE_MAX_AGE_S, secure);
  }
  if (!setCookie) return response;
  const value = setCookie;
  return withHeaders(response, (headers) => headers.append('Set-Cookie', value));
};

async function mergedInto(context: Readonly<RouterContextProvider>, request: Request, token: string): Promise<boolean> {
  try {
    await apiClientFor(context, request, sessionOf(context)).call(mergeGuestCartEndpoint, {
      headers: { [CART_TOKEN_HEADER]: token },
    });
    return true;
  } catch (error) {
    // A token the API refuses is worth nothing: forget it. Anything else: try on the next page.
    if (error instanceof ApiError && error.status === 400) return true;
    console.error('cart: the guest cart could not be merged', error);
    return false;
  }
}
