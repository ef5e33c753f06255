/**
 * The SQLSTATE of a failed statement (`23505` unique, `23P01` exclusion), through the causes
 * drizzle wraps it in; undefined for anything that is not a database's refusal. The same on
 * PostgreSQL and PGlite.
 */
export function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Node's errors for a connection that could not be made or was cut. */
const SOCKET_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);

/**
 * The database could not be reached or went away mid-statement: refused, reset, shut down
 * (57P01–57P03), a connection failure (class 08), or the driver's "Connection terminated".
 * Nothing was decided by the database: the statement may be tried elsewhere or later.
 */
export function isConnectionLost(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (SOCKET_ERRORS.has(code) || /^(08...|57P0[123])$/.test(code))) return true;
    // pg's own words for a connection that is gone: cut, never made, or unusable after an error.
    if (
      /^Connection terminated|^connection timeout|timeout exceeded when trying to connect|is not queryable/i.test(
        e.message,
      )
    ) {
      return true;
    }
  }
  return false;
}

/**
 * The database cannot serve this request now, though the request itself may be fine: it is
 * unreachable (`isConnectionLost`), every pooled connection stayed busy past the pool's wait,
 * a statement ran past its time-out (57014), or the server has no connection left (53300).
 * The API answers these with 503 and Retry-After, never with a 500 or a hang.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const state = sqlState(error);
  return state === '57014' || state === '53300' || isConnectionLost(error);
}
