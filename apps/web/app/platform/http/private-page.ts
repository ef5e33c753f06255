/**
 * A page that is the shopper's own (a cart, a checkout, a payment): no cache keeps it, the
 * offline worker included (it never saves a `no-store` answer), and no search engine lists it.
 */
export function privatePageHeaders({ parentHeaders }: { parentHeaders: Headers }): Headers {
  const headers = new Headers(parentHeaders);
  headers.set('Cache-Control', 'private, no-store');
  return headers;
}

export function privatePageMeta(title: string | undefined) {
  return [{ title: title ?? 'Malewa' }, { name: 'robots', content: 'noindex' }];
}
