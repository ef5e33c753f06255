/**
 * What a form target (`/set-locale`, `/set-theme`, `/set-market`) answers to anything but a
 * post: 405 Method Not Allowed with `Allow: POST` (RFC 9110 §15.5.6), not React Router's 400
 * for a route without a loader, so that a browser's prefetch, a crawler or a pasted address is
 * told plainly that the address takes forms only. Nothing is read or set.
 */
export function postOnly(): Response {
  return new Response('Method Not Allowed: this address only takes form posts.\n', {
    status: 405,
    headers: { Allow: 'POST', 'Content-Type': 'text/plain; charset=utf-8' },
  });
}
