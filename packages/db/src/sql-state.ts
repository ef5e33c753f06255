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
