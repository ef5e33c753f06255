import { resolve } from 'node:path';
import { SOCIAL_PROVIDER_NAMES, SOCIAL_PROVIDERS, type SocialProvider } from '@malewa/contracts/auth/social-providers';
import {
  describeConfigProblems,
  parseEnvironment,
  ZPortOrOffSchema,
  ZProxyListSchema,
} from '@malewa/contracts/environment';
import { type CountryCode, ZCountryCodeSchema } from '@malewa/contracts/markets';
import { z } from 'zod';

/** Who signs Web Push when VAPID_SUBJECT is not set: push services write there about a misbehaving sender. */
export const DEFAULT_VAPID_SUBJECT = 'mailto:no-reply@malewa.localhost';

/** Tries of a message before the outbox gives up on it (dead, for an operator to retry): an hour of back-off. */
export const DEFAULT_OUTBOX_MAX_ATTEMPTS = 8;

/** The bytes of a base64url text (no padding), or undefined when it is not one. */
function base64urlBytes(text: string): Buffer | undefined {
  return /^[A-Za-z0-9_-]+$/.test(text) ? Buffer.from(text, 'base64url') : undefined;
}

/** Loopback hosts: the only ones an OpenID provider may be reached on without TLS (a local test provider). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** An OpenID provider's address: https, or http on this machine only. */
const ZProviderUrlSchema = z.url({ protocol: /^https?$/ }).refine((value) => {
  const url = new URL(value);
  return url.protocol === 'https:' || LOOPBACK_HOSTS.has(url.hostname);
}, 'must be an https:// URL (http:// only on 127.0.0.1, localhost or [::1])');

/**
 * The variables of one OpenID provider: it is enabled when it has a client id and secret;
 * the issuer, discovery document and token endpoint default to the provider's own.
 */
function providerVariables<const P extends string>(prefix: P, issuer: string) {
  return {
    [`${prefix}_CLIENT_ID`]: z.string().min(1).max(500).optional(),
    [`${prefix}_CLIENT_SECRET`]: z.string().min(1).max(500).optional(),
    [`${prefix}_ISSUER`]: ZProviderUrlSchema.default(issuer),
    [`${prefix}_DISCOVERY_URL`]: ZProviderUrlSchema.optional(),
    [`${prefix}_TOKEN_ENDPOINT`]: ZProviderUrlSchema.optional(),
  } as Record<
    `${P}_${'CLIENT_ID' | 'CLIENT_SECRET' | 'DISCOVERY_URL' | 'TOKEN_ENDPOINT'}`,
    z.ZodOptional<z.ZodString>
  > &
    Record<`${P}_ISSUER`, z.ZodDefault<z.ZodString>>;
}

/**
 * OpenTelemetry (docs/deploy.md, Tracing): traces go to this OTLP/HTTP collector when it is set;
 * unset, the SDK is not even loaded. The SDK reads its other OTEL_* variables itself.
 */
const TRACING_VARIABLES = {
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  OTEL_SERVICE_NAME: z.string().min(1).max(100).default('malewa-api'),
};

/** Whether to trace, read before anything else loads (tracing.ts): the rest is checked by loadConfig. */
export function loadTracingConfig(env: Record<string, string | undefined>): TracingConfig | undefined {
  const parsed = parseEnvironment(z.object(TRACING_VARIABLES), env);
  if (!parsed.ok) throw new ConfigError(parsed.problems);
  const e = parsed.value;
  return e.OTEL_EXPORTER_OTLP_ENDPOINT
    ? { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME }
    : undefined;
}

/**
 * The API's whole configuration, read from the environment once at start-up. Nothing else in
 * the API reads `process.env`; everything receives this object.
 */
const ZEnvSchema = z
  .object({
    API_HOST: z.string().min(1).default('0.0.0.0'),
    API_PORT: z.coerce.number().int().min(0).max(65_535).default(4000),
    DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
      .optional(),
    // A streaming replica of DATABASE_URL for catalog reads (docs/deploy.md).
    DATABASE_READ_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
      .optional(),
    DB_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).default(5000),
    DB_REPLICA_CHECK_MS: z.coerce.number().int().min(100).default(1000),
    DATA_DIR: z.string().min(1).default('.data'),
    DB_POOL_WAIT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    SEED_ON_START: z.stringbool().default(true),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // JSON lines for log collectors; `npm start` and `npm run dev` ask for readable lines.
    LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
    // Prometheus's /metrics on a listener of its own, never the public port (docs/deploy.md,
    // Metrics): a port, 0 for any free one, or off (tools that start many processes at once).
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    METRICS_PORT: ZPortOrOffSchema.default(9464),
    ...TRACING_VARIABLES,
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(100 * 1024),
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).default(25_000),
    // Proxies in front of the API whose X-Forwarded-For is believed: none by default. The
    // storefront is not one of them: it proves itself with STOREFRONT_SECRET instead, so that
    // no other caller on its machine can choose the address the limits count.
    TRUST_PROXY: ZProxyListSchema.default([]),
    STOREFRONT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    // Accounts (issue 4)
    PUBLIC_ORIGIN: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .default('http://localhost:3000'),
    ACCESS_TOKEN_TTL_S: z.coerce.number().int().min(60).max(21_600).default(900),
    REFRESH_TOKEN_TTL_S: z.coerce.number().int().min(300).default(21_600),
    REFRESH_REUSE_GRACE_S: z.coerce.number().int().min(0).max(60).default(10),
    // The enumeration-safe account endpoints answer no sooner than this (issue 10).
    ACCOUNT_ANSWER_FLOOR_MS: z.coerce.number().int().min(0).max(5000).default(300),
    SESSION_MAX_AGE_S: z.coerce
      .number()
      .int()
      .min(3600)
      .default(30 * 86_400),
    REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
    REDIS_KEY_PREFIX: z.string().min(1).default('malewa:'),
    PAYMENT_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    DEFAULT_MARKET: ZCountryCodeSchema.default('ZA'),
    OUTBOX_DIR: z.string().min(1).optional(),
    DOCUMENTS_DIR: z.string().min(1).optional(),
    // Shared with the storefront, which serves what is here: providers' photos are made into it.
    MEDIA_DIR: z.string().min(1).optional(),
    OUTBOX_POLL_MS: z.coerce.number().int().min(100).default(2000),
    OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(30).default(DEFAULT_OUTBOX_MAX_ATTEMPTS),
    // Delivery jobs (docs/decisions/0034): how long a rider has to answer an offer, when a job
    // nobody took alerts the shop and operators, and how often each process looks.
    DISPATCH_OFFER_SECONDS: z.coerce.number().int().min(5).max(600).default(45),
    DISPATCH_UNTAKEN_MINUTES: z.coerce.number().int().min(1).max(240).default(10),
    DISPATCH_POLL_MS: z.coerce.number().int().min(100).default(5000),
    // Time-outs (docs/decisions/0035): how long a shop has to accept an order (counted from when
    // it must start on a scheduled one), a chef a booking (under its 24 hours' lead), a shopper a
    // payment's prompt; and how often each process looks.
    ORDER_ACCEPT_MINUTES: z.coerce.number().int().min(1).max(240).default(15),
    CHEF_ACCEPT_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(20 * 60)
      .default(12 * 60),
    PAYMENT_PENDING_MINUTES: z.coerce
      .number()
      .int()
      .min(5)
      .max(24 * 60)
      .default(30),
    ORDER_TIMEOUT_POLL_MS: z.coerce.number().int().min(100).default(30_000),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    MAIL_FROM: z.string().min(3).default('Malewa <no-reply@malewa.localhost>'),
    SMS_GATEWAY_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    SMS_GATEWAY_TOKEN: z.string().min(1).optional(),
    SMS_SENDER: z.string().min(1).max(11).default('Malewa'),
    // Web Push (VAPID): a pair made with `npx web-push generate-vapid-keys`; unset, the first
    // API process makes one and stores it, and every process uses that.
    VAPID_PUBLIC_KEY: z
      .string()
      .refine((key) => base64urlBytes(key)?.length === 65, 'must be a base64url P-256 public key (65 bytes)')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .refine((key) => base64urlBytes(key)?.length === 32, 'must be a base64url P-256 private key (32 bytes)')
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
      .default(DEFAULT_VAPID_SUBJECT),
    // Social sign-in (OpenID Connect): a provider without client id and secret is off.
    ...providerVariables('OIDC_GOOGLE', 'https://accounts.google.com'),
    ...providerVariables('OIDC_FACEBOOK', 'https://www.facebook.com'),
  })
  .superRefine((env, ctx) => {
    if (env.DATABASE_READ_URL && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_READ_URL'],
        message: 'needs DATABASE_URL: a replica is read beside a PostgreSQL primary, not the embedded database',
      });
    }
    if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PRIVATE_KEY'],
        message: 'set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither',
      });
    }
    for (const prefix of ['OIDC_GOOGLE', 'OIDC_FACEBOOK'] as const) {
      if ((env[`${prefix}_CLIENT_ID`] === undefined) !== (env[`${prefix}_CLIENT_SECRET`] === undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: [`${prefix}_CLIENT_SECRET`],
          message: `set both ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET, or neither`,
        });
      }
    }
  });

/** Offering delivery jobs to riders (docs/decisions/0034). */
export interface DispatchConfig {
  offerMs: number;
  untakenMs: number;
  pollMs: number;
}

/** What is closed when nobody answers in time (docs/decisions/0035). */
export interface TimeoutConfig {
  /** A placed order's shop, from placing (or, scheduled, from when it must start on it). */
  acceptMs: number;
  /** A chef's booking, from placing. */
  chefAcceptMs: number;
  /** A payment's prompt on the phone or the bank's page, from its start. */
  paymentPendingMs: number;
  pollMs: number;
}

/** Where traces go (an OTLP/HTTP collector) and the name they carry. */
export interface TracingConfig {
  endpoint: string;
  serviceName: string;
}

export interface Config {
  host: string;
  port: number;
  database:
    | {
        kind: 'postgres';
        url: string;
        poolMax: number;
        poolWaitMs: number;
        statementTimeoutMs: number;
        /** Catalog reads go here while it is up and no further behind than `maxLagMs`. */
        replica: { url: string; maxLagMs: number; checkMs: number } | undefined;
      }
    | { kind: 'pglite'; dataDir: string };
  seedOnStart: boolean;
  logLevel: z.infer<typeof ZEnvSchema>['LOG_LEVEL'];
  logFormat: z.infer<typeof ZEnvSchema>['LOG_FORMAT'];
  /** Where `/metrics` listens; undefined when METRICS_PORT=off. */
  metrics: { host: string; port: number } | undefined;
  /** Traces to an OTLP collector; undefined (off, at no cost) without OTEL_EXPORTER_OTLP_ENDPOINT. */
  tracing: TracingConfig | undefined;
  bodyLimitBytes: number;
  requestTimeoutMs: number;
  shutdownTimeoutMs: number;
  /** Addresses and CIDR ranges of the proxies whose X-Forwarded-For is believed. */
  trustProxy: string[];
  /** Shared with the storefront's server, whose X-Forwarded-For is believed only with it. */
  storefrontSecret: string | undefined;
  auth: AuthConfig;
  /** Shared state for several API processes (rate limits); in-process when absent. */
  redis: { url: string; keyPrefix: string } | undefined;
  /** The sandbox payment provider's webhook secret; one per process when unset. */
  payments: { webhookSecret: string | undefined };
  messages: MessagesConfig;
  dispatch: DispatchConfig;
  timeouts: TimeoutConfig;
  oidc: OidcConfig;
  /** Applicants' documents (IDs, certificates): outside any web root, read by operators only through the API. */
  documentsDir: string;
  /** The media store's folder (the storefront's MEDIA_DIR): providers' photos go here, made for serving. */
  mediaDir: string;
}

/** One OpenID provider the shoppers may sign in with. */
export interface OidcProviderConfig {
  id: SocialProvider;
  /** Shown on its button. */
  name: string;
  /** The expected `iss` of its discovery document and ID tokens. */
  issuer: string;
  discoveryUrl: string;
  /** Used instead of the discovery document's (Facebook's lists none). */
  tokenEndpoint: string | undefined;
  clientId: string;
  clientSecret: string;
  scopes: string[];
}

export interface OidcConfig {
  /** The enabled providers only. */
  providers: OidcProviderConfig[];
}

export interface AuthConfig {
  accessTokenTtlMs: number;
  /** A refresh token lives this long; each refresh issues a new one, so idleness ends a session. */
  refreshTokenTtlMs: number;
  /**
   * A refresh token exchanged this recently may be exchanged again for the same pair: two tabs
   * (or a page and its data request) refreshing at once. Later, a second exchange is a theft.
   */
  refreshReuseGraceMs: number;
  /**
   * Register, reset and verification requests and code confirmations answer no sooner than
   * this, so that the time of the answer does not tell whether an account exists.
   */
  answerFloorMs: number;
  /** No session outlives this, however often it is refreshed. */
  sessionMaxAgeMs: number;
  /** The market of a new account when neither the request nor its phone number tells. */
  defaultMarket: CountryCode;
}

export interface MessagesConfig {
  /** The storefront's public address: links in messages point there. */
  publicOrigin: string;
  /** Where the development transport writes messages that no SMTP or SMS gateway takes. */
  outboxDir: string;
  pollMs: number;
  /** Tries before a message is given up on: dead, kept for an operator to retry. */
  maxAttempts: number;
  smtp: { url: string; from: string } | undefined;
  sms: { url: string; token: string | undefined; sender: string } | undefined;
  /** Web Push's signer, and its configured keys (else made once and kept in the database). */
  push: { subject: string; keys: { publicKey: string; privateKey: string } | undefined };
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
          poolWaitMs: e.DB_POOL_WAIT_MS,
          statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
          replica: e.DATABASE_READ_URL
            ? { url: e.DATABASE_READ_URL, maxLagMs: e.DB_REPLICA_MAX_LAG_MS, checkMs: e.DB_REPLICA_CHECK_MS }
            : undefined,
        }
      : { kind: 'pglite', dataDir: resolve(e.DATA_DIR, 'pglite') },
    seedOnStart: e.SEED_ON_START,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    metrics: e.METRICS_PORT === null ? undefined : { host: e.METRICS_HOST, port: e.METRICS_PORT },
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME }
      : undefined,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    trustProxy: e.TRUST_PROXY,
    storefrontSecret: e.STOREFRONT_SECRET,
    auth: {
      accessTokenTtlMs: e.ACCESS_TOKEN_TTL_S * 1000,
      refreshTokenTtlMs: e.REFRESH_TOKEN_TTL_S * 1000,
      refreshReuseGraceMs: e.REFRESH_REUSE_GRACE_S * 1000,
      answerFloorMs: e.ACCOUNT_ANSWER_FLOOR_MS,
      sessionMaxAgeMs: e.SESSION_MAX_AGE_S * 1000,
      defaultMarket: e.DEFAULT_MARKET,
    },
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : undefined,
    payments: { webhookSecret: e.PAYMENT_WEBHOOK_SECRET },
    messages: {
      publicOrigin: e.PUBLIC_ORIGIN.replace(/\/+$/, ''),
      outboxDir: resolve(e.OUTBOX_DIR ?? resolve(e.DATA_DIR, 'outbox')),
      pollMs: e.OUTBOX_POLL_MS,
      maxAttempts: e.OUTBOX_MAX_ATTEMPTS,
      smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.MAIL_FROM } : undefined,
      sms: e.SMS_GATEWAY_URL ? { url: e.SMS_GATEWAY_URL, token: e.SMS_GATEWAY_TOKEN, sender: e.SMS_SENDER } : undefined,
      push: {
        subject: e.VAPID_SUBJECT,
        keys:
          e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
            ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
            : undefined,
      },
    },
    dispatch: {
      offerMs: e.DISPATCH_OFFER_SECONDS * 1000,
      untakenMs: e.DISPATCH_UNTAKEN_MINUTES * 60_000,
      pollMs: e.DISPATCH_POLL_MS,
    },
    timeouts: {
      acceptMs: e.ORDER_ACCEPT_MINUTES * 60_000,
      chefAcceptMs: e.CHEF_ACCEPT_MINUTES * 60_000,
      paymentPendingMs: e.PAYMENT_PENDING_MINUTES * 60_000,
      pollMs: e.ORDER_TIMEOUT_POLL_MS,
    },
    documentsDir: resolve(e.DOCUMENTS_DIR ?? resolve(e.DATA_DIR, 'documents')),
    mediaDir: resolve(e.MEDIA_DIR ?? resolve(e.DATA_DIR, 'media')),
    oidc: {
      providers: SOCIAL_PROVIDERS.map((id) => oidcProvider(e, id)).filter((provider) => provider !== undefined),
    },
  };
}

/** Each provider's own settings; the environment may move its issuer (to a test provider). */
const PROVIDER_DEFAULTS = {
  google: {
    prefix: 'OIDC_GOOGLE',
    issuer: 'https://accounts.google.com',
    scopes: ['openid', 'email', 'profile'],
    discoveryUrl: undefined,
    tokenEndpoint: undefined,
  },
  facebook: {
    prefix: 'OIDC_FACEBOOK',
    issuer: 'https://www.facebook.com',
    scopes: ['openid', 'email', 'public_profile'],
    // Facebook's discovery document sits at a path with a trailing slash and names no token
    // endpoint: its OpenID code flow (with PKCE) exchanges the code at the Graph API.
    discoveryUrl: 'https://www.facebook.com/.well-known/openid-configuration/',
    tokenEndpoint: 'https://graph.facebook.com/oauth/access_token',
  },
} as const satisfies Record<
  SocialProvider,
  {
    prefix: string;
    issuer: string;
    scopes: readonly string[];
    discoveryUrl: string | undefined;
    tokenEndpoint: string | undefined;
  }
>;

function oidcProvider(e: z.infer<typeof ZEnvSchema>, id: SocialProvider): OidcProviderConfig | undefined {
  const own = PROVIDER_DEFAULTS[id];
  const clientId = e[`${own.prefix}_CLIENT_ID`];
  const clientSecret = e[`${own.prefix}_CLIENT_SECRET`];
  if (clientId === undefined || clientSecret === undefined) return undefined;
  // Compared exactly with the `iss` the provider sends, so kept as written.
  const issuer = e[`${own.prefix}_ISSUER`];
  // The provider's own discovery address and token endpoint go with its own issuer only.
  const isOwn = issuer === own.issuer;
  return {
    id,
    name: SOCIAL_PROVIDER_NAMES[id],
    issuer,
    discoveryUrl:
      e[`${own.prefix}_DISCOVERY_URL`] ??
      (isOwn ? own.discoveryUrl : undefined) ??
      `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`,
    tokenEndpoint: e[`${own.prefix}_TOKEN_ENDPOINT`] ?? (isOwn ? own.tokenEndpoint : undefined),
    clientId,
    clientSecret,
    scopes: [...own.scopes],
  };
}
