/**
 * The header that names one request from the edge (the storefront, or the API when called
 * directly) to the database: sent back on every answer, passed on by the storefront to the API,
 * and the `reqId` of every log line the API writes for it.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

/** The attribute that carries it on a request's trace spans (OpenTelemetry, when on). */
export const REQUEST_ID_ATTRIBUTE = 'malewa.request_id';

/** Letters, digits and `._:-`, at most 128: safe in a header, a log line and a trace attribute. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's request id when it is a sane token; undefined otherwise (then one is made). */
export function requestIdOf(value: string | readonly string[] | null | undefined): string | undefined {
  return typeof value === 'string' && SANE_REQUEST_ID.test(value) ? value : undefined;
}
