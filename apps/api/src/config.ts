import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';

/** proxy-addr's names for address ranges, which Fastify accepts beside addresses and CIDRs. */
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
 * The proxies whose `X-Forwarded-For` is believed: a comma-separated list of addresses, CIDR
 * ranges or proxy-addr's names. By default the loopback addresses, where the storefront's
 * server calls from on the same machine, so that the API sees the shopper's address.
 */
const ZTrustProxySchema = z
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
 * The API's whole configuration, read from the environment once at start-up. Nothing else in
 * the API reads `process.env`; everything receives this object.
 */
const ZEnvSchema = z.object({
  API_HOST: z.string().min(1).default('0.0.0.0'),
  API_PORT: z.coerce.number().int().min(0).max(65_535).default(4000),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  SEED_ON_START: z.stringbool().default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(100 * 1024),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).default(25_000),
  TRUST_PROXY: ZTrustProxySchema.default(['127.0.0.1', '::1']),
});

export interface Config {
  host: string;
  port: number;
  database:
    | { kind: 'postgres'; url: string; poolMax: number; statementTimeoutMs: number }
    | { kind: 'pglite'; dataDir: string };
  seedOnStart: boolean;
  logLevel: z.infer<typeof ZEnvSchema>['LOG_LEVEL'];
  bodyLimitBytes: number;
  requestTimeoutMs: number;
  shutdownTimeoutMs: number;
  /** Addresses and CIDR ranges of the proxies whose X-Forwarded-For is believed. */
  trustProxy: string[];
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Parses the environment; throws a ConfigError naming every bad variable at once. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  // An empty variable means "not set", as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  return {
    host: e.API_HOST,
    port: e.API_PORT,
    database: e.DATABASE_URL
      ? {
          kind: 'postgres',
          url: e.DATABASE_URL,
          poolMax: e.DB_POOL_MAX,
          statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
        }
      : { kind: 'pglite', dataDir: resolve(e.DATA_DIR, 'pglite') },
    seedOnStart: e.SEED_ON_START,
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    trustProxy: e.TRUST_PROXY,
  };
}
