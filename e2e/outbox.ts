import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';

/**
 * Where the product under test writes its messages (the API's file transport, OUTBOX_DIR):
 * one folder per web port, so parallel runs on other ports keep apart. playwright.config.ts
 * passes the same folder to the product.
 */
export const E2E_WEB_PORT = Number(process.env.E2E_WEB_PORT || 3100);
export const E2E_API_PORT = Number(process.env.E2E_API_PORT || 4100);
export const OUTBOX_DIR = process.env.E2E_OUTBOX_DIR || join(tmpdir(), `malewa-e2e-outbox-${E2E_WEB_PORT}`);
export const API_ORIGIN = `http://127.0.0.1:${E2E_API_PORT}`;
/** The test OpenID provider the product signs in with as "Google" (e2e/start-product.ts). */
export const E2E_OIDC_PORT = Number(process.env.E2E_OIDC_PORT || E2E_WEB_PORT + 2000);

export interface OutboxMessage {
  readonly file: string;
  readonly to: string;
  readonly subject: string;
  readonly body: string;
}

async function messagesTo(recipient: string): Promise<OutboxMessage[]> {
  const files = (await readdir(OUTBOX_DIR).catch(() => [] as string[])).filter((file) => file.endsWith('.txt')).sort();
  const found: OutboxMessage[] = [];
  for (const file of files) {
    const text = await readFile(join(OUTBOX_DIR, file), 'utf8');
    const to = /^To: (.*)$/m.exec(text)?.[1] ?? '';
    if (to !== recipient) continue;
    found.push({
      file,
      to,
      subject: /^Subject: (.*)$/m.exec(text)?.[1] ?? '',
      body: text.split('\n\n').slice(1).join('\n\n'),
    });
  }
  return found;
}

/**
 * The newest message to `recipient` matching `test`, waiting for the outbox worker (it polls
 * every 2 s by default) up to `timeoutMs`.
 */
export async function waitForMessage(
  recipient: string,
  test: (message: OutboxMessage) => boolean = () => true,
  { after = 0, timeoutMs = 20_000 }: { after?: number; timeoutMs?: number } = {},
): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const matching = (await messagesTo(recipient)).filter(test);
    if (matching.length > after) return matching[matching.length - 1] as OutboxMessage;
    if (Date.now() > deadline) throw new Error(`no message to ${recipient} in ${OUTBOX_DIR} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The 6-digit code in a confirmation message. */
export function codeIn(message: OutboxMessage): string {
  const code = /\b(\d{6})\b/.exec(message.body)?.[1];
  if (!code) throw new Error(`no code in ${message.file}`);
  return code;
}

/** The first link of the site in a message, as a path (the message carries absolute URLs). */
export function linkIn(message: OutboxMessage, path: RegExp): string {
  for (const match of message.body.matchAll(/https?:\/\/\S+/g)) {
    const url = new URL(match[0]);
    if (path.test(url.pathname)) return `${url.pathname}${url.search}`;
  }
  throw new Error(`no link matching ${path} in ${message.file}`);
}

/** A unique email address for one test, so tests never share an account. */
export function newEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * The address of a shopper of our own invention (TEST-NET-2, RFC 5737), sent as
 * X-Forwarded-For: the API trusts it from loopback (its web server's place), so accounts
 * the tests open count against their own per-address limits, not all against 127.0.0.1's
 * (20 registrations an hour), as real shoppers' accounts would.
 */
export function shopperHeaders(): Record<string, string> {
  return {
    'X-Forwarded-For': `198.51.100.${1 + Math.floor(Math.random() * 254)}`,
    // The API believes that address only from the storefront, which proves itself with this.
    'X-Malewa-Storefront': E2E_STOREFRONT_SECRET,
  };
}

/** The suite's operator, made by `operator:create` before the product starts (start-product.ts). */
export const E2E_OPERATOR = { identifier: 'e2e-operator@malewa.example', password: 'run-the-market-2026' } as const;

/** The product under test is started with this STOREFRONT_SECRET (playwright.config.ts). */
export const E2E_STOREFRONT_SECRET = 'the-e2e-storefront-secret-shared-with-the-api';

/**
 * An account registered and confirmed through the API itself (the way a tested page would have
 * done it), for tests about what comes after sign-up.
 */
export async function createConfirmedAccount(
  request: APIRequestContext,
  { name = 'Amina', surname = 'Otieno', password = 'tasty-ugali-2026', locale = 'en' } = {},
): Promise<{ email: string; password: string; name: string; surname: string }> {
  const email = newEmail(name.toLowerCase());
  const headers = shopperHeaders();
  const registered = await request.post(`${API_ORIGIN}/auth/account/register`, {
    headers,
    data: { name, surname, credential: { identifier: email, secret: password }, locale },
  });
  if (!registered.ok()) throw new Error(`register answered ${registered.status()}: ${await registered.text()}`);
  const code = codeIn(await waitForMessage(email));
  const confirmed = await request.post(`${API_ORIGIN}/auth/verification/confirm`, {
    headers,
    data: { token: code, identifier: email },
  });
  if (!confirmed.ok()) throw new Error(`confirm answered ${confirmed.status()}: ${await confirmed.text()}`);
  return { email, password, name, surname };
}
