/**
 * The response of a middleware's `next()` with headers changed. Some responses (those of
 * `Response.redirect`) have immutable headers: those are copied into a new response first.
 */
export function withHeaders(response: Response, change: (headers: Headers) => void): Response {
  try {
    change(response.headers);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    change(copy.headers);
    return copy;
  }
}
