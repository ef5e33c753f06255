import { z } from 'zod';

/**
 * The web server's configuration, parsed once from the environment. Nothing else in the web
 * app reads `process.env`. None of it is sent to the browser: the page gets only what
 * `publicConfig` picks.
 */
const ZEnvSchema = z.object({
  WEB_HOST: z.string().min(1).default('0.0.0.0'),
  WEB_PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  BASE_API_URL: z.url().default('http://127.0.0.1:4000/api'),
  AUTH_API_URL: z.url().default('http://127.0.0.1:4000/auth'),
  PUBLIC_SITE_URL: z.url().default('http://localhost:3000'),
  STORE_ID: z.string().max(64).default(''),
  API_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
});

export interface WebConfig {
  host: string;
  port: number;
  baseApiUrl: string;
  authApiUrl: string;
  publicSiteUrl: string;
  storeId: string;
  apiTimeoutMs: number;
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
    baseApiUrl: e.BASE_API_URL.replace(/\/+$/, ''),
    authApiUrl: e.AUTH_API_URL.replace(/\/+$/, ''),
    publicSiteUrl: e.PUBLIC_SITE_URL.replace(/\/+$/, ''),
    storeId: e.STORE_ID,
    apiTimeoutMs: e.API_TIMEOUT_MS,
  };
}
