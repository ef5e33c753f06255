/**
 * Whether the shopper will see the answer to this request, rather than something fetching it in
 * the background: the offline worker saving the pages that are open (it fetches the address of
 * every open window when it starts), or a link prefetched on hover. What happens "on arrival"
 * must wait for a request the shopper sees: an auth page signs a session out
 * (docs/product/accounts.md, auth pages), a page shows the notification waiting in its cookie
 * and clears it.
 *
 * A visit is a document load (`Sec-Fetch-Mode: navigate`) or the router's data request of a
 * client-side navigation (`.data`); a browser that sends no fetch metadata at all is taken at
 * its word.
 */
export function isArrival(request: Request): boolean {
  const headers = request.headers;
  const purpose = `${headers.get('Sec-Purpose') ?? ''} ${headers.get('Purpose') ?? ''}`;
  if (purpose.includes('prefetch')) return false;
  const mode = headers.get('Sec-Fetch-Mode');
  if (mode === null || mode === 'navigate') return true;
  return new URL(request.url).pathname.endsWith('.data');
}
