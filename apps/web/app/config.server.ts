import { isIP } from 'node:net';
import { z } from 'zod';
import { SERVICE_IDS, type ServiceId } from './services/services.ts';

/**
 * The web server's configuration, parsed once from the environment. Nothing else in the web
 * app reads `process.env`. None of it is sent to the browser: the page gets only what
 * `publicConfig` picks.
 */
const ZEnvSchema = z.object({
  WEB_HOST: z.string().min(1).default('0.0.0.0'),
  WEB_PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  WEB_TRUST_PROXY: z.string().default('127.0.0.1,::1').transform(parseProxyList),
  BASE_API_URL: z.url().default('http://127.0.0.1:4000/api'),
  AUTH_API_URL: z.url().default('http://127.0.0.1:4000/auth'),
  PUBLIC_SITE_URL: z.url().default('http://localhost:3000'),
  STORE_ID: z.string().max(64).default(''),
  API_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  ENABLED_SERVICES: z.string().default(SERVICE_IDS.join(',')).transform(parseServices),
});

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
 * `10.0.0.0/8, 192.0.2.7` → a list for Express's `trust proxy`: the proxies (load balancers)
 * whose X-Forwarded-For names the shopper. Addresses, CIDR ranges, or loopback, linklocal,
 * uniquelocal.
 */
function parseProxyList(value: string, ctx: z.RefinementCtx): string[] {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const version = isIP(address);
    const valid =
      ['loopback', 'linklocal', 'uniquelocal'].includes(entry) ||
      (version !== 0 &&
        rest.length === 0 &&
        (prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128))));
    if (!valid) ctx.addIssue({ code: 'custom', message: `"${entry}" is not an IP address or a CIDR range` });
  }
  return entries;
}

export interface WebConfig {
  host: string;
  port: number;
  /** Proxies whose X-Forwarded-For is believed when telling the API who the shopper is. */
  trustProxy: string[];
  baseApiUrl: string;
  authApiUrl: string;
  publicSiteUrl: string;
  storeId: string;
  apiTimeoutMs: number;
  enabledServices: readonly ServiceId[];
}

export class WebConfigError extends Error {
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'WebConfigError';
  }
}

export function loadWebConfig(env: Record<string, string | undefined>): WebConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new WebConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  return {
    host: e.WEB_HOST,
    port: e.WEB_PORT,
    trustProxy: e.WEB_TRUST_PROXY,
    baseApiUrl: e.BASE_API_URL.replace(/\/+$/, ''),
    authApiUrl: e.AUTH_API_URL.replace(/\/+$/, ''),
    publicSiteUrl: e.PUBLIC_SITE_URL.replace(/\/+$/, ''),
    storeId: e.STORE_ID,
    apiTimeoutMs: e.API_TIMEOUT_MS,
    enabledServices: e.ENABLED_SERVICES,
  };
}

/** What the page may know of the configuration: the root loader sends exactly this. */
export function publicConfig(config: WebConfig) {
  return { enabledServices: config.enabledServices };
}
