import { resolve } from 'node:path';
import { describeConfigProblems, parseEnvironment, ZProxyListSchema } from '@malewa/contracts/environment';
import { z } from 'zod';

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
  // By default the loopback addresses, where the storefront's server calls from on the same
  // machine, so that the API sees the shopper's address.
  TRUST_PROXY: ZProxyListSchema.default(['127.0.0.1', '::1']),
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
    super(describeConfigProblems(problems));
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Parses the environment; throws a ConfigError naming every bad variable at once. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = parseEnvironment(ZEnvSchema, env);
  if (!parsed.ok) throw new ConfigError(parsed.problems);
  const e = parsed.value;
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
