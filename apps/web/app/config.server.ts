import { resolve } from 'node:path';
import {
  describeConfigProblems,
  parseEnvironment,
  ZPortOrOffSchema,
  ZProxyListSchema,
} from '@malewa/contracts/environment';
import { z } from 'zod';
import { SERVICE_IDS, type ServiceId } from './platform/services/services.ts';
import { socialLink } from './shell/social-networks.ts';

/**
 * OpenTelemetry (docs/deploy.md, Tracing): traces go to this OTLP/HTTP collector when it is set;
 * unset, the SDK is not even loaded. The SDK reads its other OTEL_* variables itself.
 */
const TRACING_VARIABLES = {
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  OTEL_SERVICE_NAME: z.string().min(1).max(100).default('malewa-web'),
};

/**
 * The web server's configuration, parsed once from the environment. Nothing else in the web
 * app reads `process.env`. None of it is sent to the browser: the page gets only what
 * `publicConfig` picks.
 */
const ZEnvSchema = z.object({
  WEB_HOST: z.string().min(1).default('0.0.0.0'),
  WEB_PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  // Prometheus's /metrics on a listener of its own, never the public port (docs/deploy.md,
  // Metrics): a port, 0 for any free one, or off.
  WEB_METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  WEB_METRICS_PORT: ZPortOrOffSchema.default(9465),
  ...TRACING_VARIABLES,
  // The load balancers whose X-Forwarded-For names the shopper, passed on to the API. None by
  // default: a caller on this machine must not pick the address the API is told about.
  WEB_TRUST_PROXY: ZProxyListSchema.default([]),
  // Forms are a few KB (a 500-character bio is at most 4.5 KB encoded); uploads (the join
  // pages') have a limit of their own (features/join/join-paths.ts).
  WEB_BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_485_760).default(16_384),
  // A request (headers and body) must arrive within this, or the connection is closed: a body
  // trickled one byte at a time would otherwise hold a connection for 5 minutes (Node's default).
  WEB_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
  // The same for a form with files (a provider's documents): some 5 MB over 2G takes minutes.
  WEB_UPLOAD_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(600_000),
  BASE_API_URL: z.url().default('http://127.0.0.1:4000/api'),
  AUTH_API_URL: z.url().default('http://127.0.0.1:4000/auth'),
  // Unset: http://localhost:<WEB_PORT>, right for a machine of one's own, wrong for a deployment.
  PUBLIC_ORIGIN: z.string().optional().transform(parseOrigin),
  STORE_ID: z.string().max(64).default(''),
  API_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  // Shared with the API: with it, the API believes the shopper's address this server names.
  STOREFRONT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ENABLED_SERVICES: z.string().default(SERVICE_IDS.join(',')).transform(parseServices),
  // The footer's app-store badges and social links: each shows only when configured.
  APP_STORE_URL: z.url({ protocol: /^https$/, error: 'must be an https:// URL' }).optional(),
  PLAY_STORE_URL: z.url({ protocol: /^https$/, error: 'must be an https:// URL' }).optional(),
  SOCIAL_LINKS: z.string().default('').transform(parseHttpsList),
  // Zimbabwe prices in US dollars with ZiG beside them (docs/product/catalog.md, money): ZiG
  // per US$ and the day that rate is from, shown with it. `off` shows dollars only.
  ZWG_PER_USD: z
    .string()
    .regex(/^(\d{1,6}(\.\d{1,4})?|off)$/, 'must be a rate such as 26.8, or off')
    .default('26.8'),
  // The map view's tiles (an https URL template with {z}/{x}/{y}) and their attribution; unset,
  // the map draws its offline basemap (the markets' outlines) instead.
  MAP_TILE_URL: z
    .string()
    .regex(/^https:\/\/\S+\{z\}\S*\{x\}\S*\{y\}/, 'must be an https:// URL template with {z}, {x} and {y}')
    .optional(),
  MAP_TILE_ATTRIBUTION: z.string().max(300).default(''),
  ZWG_RATE_DATE: z.iso.date({ error: 'must be a date such as 2026-11-01' }).default('2026-11-01'),
  // The folder the catalog's pictures are kept in once drawn (the local media store); by
  // default beside the API's data, in $DATA_DIR/media.
  DATA_DIR: z.string().min(1).default('.data'),
  // Pages of shoppers who are not signed in are kept this long and served to the next who ask
  // for the same address with the same preferences (server/page-cache.ts, decision 26). At
  // most the API's own 60 s for its anonymous catalog answers; 0 renders every page.
  PAGE_CACHE_TTL_S: z.coerce.number().int().min(0).max(60).default(10),
  PAGE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(64),
  MEDIA_DIR: z.string().min(1).optional(),
});

/** `https://a.example/x, https://b.example` → both URLs; each entry that is not https is named. */
function parseHttpsList(value: string, ctx: z.RefinementCtx): string[] {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (!z.url({ protocol: /^https$/ }).safeParse(entry).success) {
      ctx.addIssue({ code: 'custom', message: `"${entry}" is not an https:// URL` });
    }
  }
  return [...new Set(entries)];
}

/** `food, Grocery,food` → food, grocery: spec order, no duplicates; a typo fails the start. */
function parseServices(value: string, ctx: z.RefinementCtx): ServiceId[] {
  const names = value
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const unknown = names.filter((name) => !(SERVICE_IDS as readonly string[]).includes(name));
  for (const name of unknown) {
    ctx.addIssue({ code: 'custom', message: `unknown service "${name}" (known: ${SERVICE_IDS.join(', ')})` });
  }
  if (names.length === 0) ctx.addIssue({ code: 'custom', message: 'at least one service must be enabled' });
  return SERVICE_IDS.filter((id) => names.includes(id));
}

/**
 * `https://malewa.example` or `https://malewa.example/` → `https://malewa.example`. Canonical
 * links, hreflang, Open Graph and the sitemap are built on it, so anything beyond scheme, host
 * and port (a path, a query, credentials) would end up in every one of them: refused.
 */
function parseOrigin(value: string | undefined, ctx: z.RefinementCtx): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    ctx.addIssue({ code: 'custom', message: `"${value}" is not a URL (e.g. https://malewa.example)` });
    return undefined;
  }
  const problems = [
    url.protocol === 'http:' || url.protocol === 'https:' ? '' : 'must be http or https',
    url.pathname === '/' ? '' : 'must have no path',
    /[?#]/.test(value) ? 'must have no query or fragment' : '',
    url.username === '' && url.password === '' ? '' : 'must have no credentials',
  ].filter(Boolean);
  for (const problem of problems) ctx.addIssue({ code: 'custom', message: `"${value}" ${problem}` });
  return url.origin;
}

export interface WebConfig {
  host: string;
  port: number;
  /** Where `/metrics` listens; undefined when WEB_METRICS_PORT=off. */
  metrics: { host: string; port: number } | undefined;
  /** Traces to an OTLP collector; undefined (off, at no cost) without OTEL_EXPORTER_OTLP_ENDPOINT. */
  tracing: WebTracingConfig | undefined;
  /** Proxies whose X-Forwarded-For is believed when telling the API who the shopper is. */
  trustProxy: string[];
  baseApiUrl: string;
  authApiUrl: string;
  /** Scheme, host and port the public reaches the storefront at, without a trailing slash. */
  publicOrigin: string;
  storeId: string;
  apiTimeoutMs: number;
  /** Proves to the API that calls naming a shopper's address come from this server. */
  storefrontSecret: string | undefined;
  /** A request body larger than this is refused with 413 before it is read. */
  bodyLimitBytes: number;
  /** Headers and body must have arrived within this. */
  requestTimeoutMs: number;
  uploadTimeoutMs: number;
  enabledServices: readonly ServiceId[];
  /** The iOS app's App Store page, when there is one to link to. */
  appStoreUrl: string | undefined;
  /** The Android app's Google Play page, when there is one to link to. */
  playStoreUrl: string | undefined;
  /** Malewa's pages on social networks, in the configured order. */
  socialLinks: readonly string[];
  /** Map tiles for the map view; null: the offline basemap. */
  mapTiles: { url: string; attribution: string } | null;
  /** ZiG per US dollar in ten-thousandths (26.8 → 268000) and its date; null: dollars only. */
  zwgRate: { perUsdTenThousandths: number; date: string } | null;
  /** The local media store's folder, absolute. */
  mediaDir: string;
  /** How long a page for a shopper without a session is kept (0: never), and how much is kept. */
  pageCache: { ttlMs: number; maxBytes: number };
}

/** Where traces go (an OTLP/HTTP collector) and the name they carry. */
export interface WebTracingConfig {
  endpoint: string;
  serviceName: string;
}

/** Whether to trace, read before anything else loads (server/tracing.ts). */
export function loadWebTracingConfig(env: Record<string, string | undefined>): WebTracingConfig | undefined {
  const parsed = parseEnvironment(z.object(TRACING_VARIABLES), env);
  if (!parsed.ok) throw new WebConfigError(parsed.problems);
  const e = parsed.value;
  return e.OTEL_EXPORTER_OTLP_ENDPOINT
    ? { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME }
    : undefined;
}

export class WebConfigError extends Error {
  constructor(problems: string[]) {
    super(describeConfigProblems(problems));
    this.name = 'WebConfigError';
  }
}

export function loadWebConfig(env: Record<string, string | undefined>): WebConfig {
  const parsed = parseEnvironment(ZEnvSchema, env);
  if (!parsed.ok) throw new WebConfigError(parsed.problems);
  const e = parsed.value;
  return {
    host: e.WEB_HOST,
    port: e.WEB_PORT,
    metrics: e.WEB_METRICS_PORT === null ? undefined : { host: e.WEB_METRICS_HOST, port: e.WEB_METRICS_PORT },
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME }
      : undefined,
    trustProxy: e.WEB_TRUST_PROXY,
    baseApiUrl: e.BASE_API_URL.replace(/\/+$/, ''),
    authApiUrl: e.AUTH_API_URL.replace(/\/+$/, ''),
    publicOrigin: e.PUBLIC_ORIGIN ?? `http://localhost:${e.WEB_PORT}`,
    storeId: e.STORE_ID,
    mapTiles: e.MAP_TILE_URL ? { url: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION } : null,
    zwgRate:
      e.ZWG_PER_USD !== 'off'
        ? { perUsdTenThousandths: Math.round(Number(e.ZWG_PER_USD) * 10_000), date: e.ZWG_RATE_DATE }
        : null,
    apiTimeoutMs: e.API_TIMEOUT_MS,
    storefrontSecret: e.STOREFRONT_SECRET,
    bodyLimitBytes: e.WEB_BODY_LIMIT_BYTES,
    requestTimeoutMs: e.WEB_REQUEST_TIMEOUT_MS,
    uploadTimeoutMs: e.WEB_UPLOAD_TIMEOUT_MS,
    enabledServices: e.ENABLED_SERVICES,
    appStoreUrl: e.APP_STORE_URL,
    playStoreUrl: e.PLAY_STORE_URL,
    socialLinks: e.SOCIAL_LINKS,
    mediaDir: resolve(e.MEDIA_DIR ?? resolve(e.DATA_DIR, 'media')),
    pageCache: { ttlMs: e.PAGE_CACHE_TTL_S * 1000, maxBytes: e.PAGE_CACHE_MB * 1024 * 1024 },
  };
}

/**
 * What the page may know of the configuration: the root loader sends exactly this. The origin
 * is public by nature, and route `meta` functions, which also run in the browser, need it.
 */
export function publicConfig(config: WebConfig) {
  return {
    enabledServices: config.enabledServices,
    publicOrigin: config.publicOrigin,
    appStoreUrl: config.appStoreUrl ?? null,
    playStoreUrl: config.playStoreUrl ?? null,
    // Each link's network is told here: its hosts table need not ride in every page's script.
    socialLinks: config.socialLinks.map(socialLink),
    zwgRate: config.zwgRate,
    mapTiles: config.mapTiles,
  };
}
