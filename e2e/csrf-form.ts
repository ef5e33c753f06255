import type { APIRequestContext } from '@playwright/test';

/**
 * Posts a form the way our pages do, CSRF token included (session/csrf.server.ts): the token is
 * the `malewa_csrf` cookie, which the request context gets from any page first.
 */
export async function postForm(
  request: APIRequestContext,
  path: string,
  form: Record<string, string>,
  options: { maxRedirects?: number } = {},
) {
  let token = (await request.storageState()).cookies.find((cookie) => cookie.name === 'malewa_csrf')?.value;
  if (!token) {
    await request.get('/robots.txt');
    token = (await request.storageState()).cookies.find((cookie) => cookie.name === 'malewa_csrf')?.value;
  }
  if (!token) throw new Error('the site set no malewa_csrf cookie');
  return request.post(path, { form: { ...form, csrf: token }, ...options });
}
