/**
 * The status code of anything thrown (docs/product/errors.md, status of a thrown error) comes
 * from its `statusCode`, `status` or `response.status`, default 500. Only error statuses count:
 * a thrown object claiming 200 must not turn an error page into a success.
 */
export function statusOfError(error: unknown): number {
  if (typeof error === 'object' && error !== null) {
    const { statusCode, status, response } = error as {
      statusCode?: unknown;
      status?: unknown;
      response?: { status?: unknown } | null;
    };
    for (const candidate of [statusCode, status, response?.status]) {
      if (typeof candidate === 'number' && Number.isInteger(candidate) && candidate >= 400 && candidate <= 599) {
        return candidate;
      }
    }
  }
  return 500;
}

/**
 * Which of the error page's messages a status gets. Server errors never show their details
 * (they may name internals): the shopper reads 'An error occurred'.
 */
export function errorMessageKey(status: number): 'error.notFound' | 'error.generic' {
  return status === 404 ? 'error.notFound' : 'error.generic';
}
