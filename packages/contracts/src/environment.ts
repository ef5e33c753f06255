import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Building blocks of the API's and the storefront's start-up configuration. Each process
 * validates its environment once, with its own schema, through `parseEnvironment`.
 */

/** proxy-addr's names for address ranges, accepted by Fastify and Express beside addresses. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * A comma-separated list of the proxies whose `X-Forwarded-For` is believed: addresses, CIDR
 * ranges (10.0.0.0/8) or loopback, linklocal, uniquelocal. Each bad entry is named.
 */
export const ZProxyListSchema = z
  .string()
  .transform((list) =>
    list
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
  )
  .check((ctx) => {
    for (const entry of ctx.value) {
      if (!isProxyAddress(entry)) {
        ctx.issues.push({
          code: 'custom',
          input: ctx.value,
          message: `"${entry}" is not an IP address, a CIDR range (10.0.0.0/8) or one of loopback, linklocal, uniquelocal`,
        });
      }
    }
  });

/**
 * The port of a listener that may be turned off (the metrics listeners): a port, 0 for any
 * free one (tests), or `off` (null) for processes started many at once by a tool.
 */
export const ZPortOrOffSchema = z
  .string()
  .refine((value) => value === 'off' || (/^\d{1,5}$/.test(value) && Number(value) <= 65_535), {
    message: 'must be a port (0 for any free one) or off',
  })
  .transform((value) => (value === 'off' ? null : Number(value)));

/**
 * Parses an environment with `schema`. An empty variable counts as unset, as in most .env
 * tooling. On failure, returns one line per problem, so a start-up error names every bad
 * variable at once.
 */
export function parseEnvironment<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined>,
): { ok: true; value: z.infer<S> } | { ok: false; problems: string[] } {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, problems: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) };
}

/** The text of a configuration error: every problem on a line of its own. */
export function describeConfigProblems(problems: string[]): string {
  return `Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`;
}
