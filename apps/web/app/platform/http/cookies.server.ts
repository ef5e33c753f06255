/**
 * The little the storefront needs of cookies: its own preference cookies hold plain tokens
 * (`sw`, `dark.bluenavy`), so no decoding, and every value is validated by its reader.
 */
export function readCookie(request: Request, name: string): string | undefined {
  return cookieValue(request.headers.get('Cookie'), name);
}

/** The same, from a Cookie header's text. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const [key, value] = pair.split('=', 2).map((part) => part.trim());
    if (key === name) return value;
  }
  return undefined;
}

/**
 * Behind a TLS-terminating proxy the request reaches us as http, with the proxy's
 * X-Forwarded-Proto. Trusting that header is harmless for preference cookies: a forged
 * `https` only makes the browser of whoever forged it refuse a cookie on plain http.
 */
export function isHttps(request: Request): boolean {
  if (new URL(request.url).protocol === 'https:') return true;
  return request.headers.get('X-Forwarded-Proto')?.split(',')[0]?.trim() === 'https';
}

/** A preference cookie: readable by the page (no secret), Lax, for the whole site. */
export function preferenceCookie(request: Request, name: string, value: string, maxAgeSeconds: number): string {
  return siteCookie(request, name, value, maxAgeSeconds, '');
}

/**
 * A preference only the server reads (the market, the place, light or full pages): as
 * `preferenceCookie`, and httpOnly, since page scripts have no business with it.
 */
export function serverPreferenceCookie(request: Request, name: string, value: string, maxAgeSeconds: number): string {
  return siteCookie(request, name, value, maxAgeSeconds, '; HttpOnly');
}

function siteCookie(request: Request, name: string, value: string, maxAgeSeconds: number, httpOnly: string): string {
  const secure = isHttps(request) ? '; Secure' : '';
  return `${name}=${value}; Max-Age=${maxAgeSeconds}; Path=/${httpOnly}; SameSite=Lax${secure}`;
}
