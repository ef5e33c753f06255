import type { Role } from '@malewa/contracts/auth/roles';
import type { Credential, Session } from '@malewa/contracts/auth/user';
import { STOREFRONT_SECRET_HEADER } from '@malewa/contracts/storefront-header';
import type { Database } from '@malewa/db/database';
import { userRoles } from '@malewa/db/schema/accounts';
import type { FastifyInstance } from 'fastify';
import type { TestOutbox } from './outbox.ts';
import { TEST_CONFIG } from './test-app.ts';

let nextAddress = 1;

/** A client address of its own for each caller (TEST-NET-2), so that limits do not mix. */
export function freshAddress(): string {
  const n = nextAddress++;
  return `198.51.${100 + Math.floor(n / 250)}.${(n % 250) + 1}`;
}

/** The headers of a call the storefront makes on behalf of a shopper at `address`. */
export function fromAddress(address: string): Record<string, string> {
  return { 'x-forwarded-for': address, [STOREFRONT_SECRET_HEADER]: TEST_CONFIG.storefrontSecret ?? '' };
}

/**
 * Registers through the API, confirms with the code from the outbox, grants `roles` beyond
 * customer and signs in: a shopper (or operator) as they would be after sign-up.
 */
export async function signUp(
  app: FastifyInstance,
  database: Database,
  outbox: TestOutbox,
  input: { identifier: string; password?: string; name?: string; roles?: Role[]; locale?: string; market?: string },
): Promise<PasswordSession & { password: string }> {
  const password = input.password ?? 'correct horse battery staple';
  const ip = freshAddress();
  const headers = { ...fromAddress(ip) };
  const registered = await app.inject({
    method: 'POST',
    url: '/auth/account/register',
    headers,
    payload: {
      name: input.name ?? 'Amani',
      surname: 'Test',
      credential: { identifier: input.identifier, secret: password },
      ...(input.locale ? { locale: input.locale } : {}),
      ...(input.market ? { market: input.market } : {}),
    },
  });
  if (registered.statusCode !== 202) throw new Error(`register: ${registered.statusCode} ${registered.body}`);
  const { identifier } = registered.json<{ data: { identifier: string } }>().data;
  const confirmed = await app.inject({
    method: 'POST',
    url: '/auth/verification/confirm',
    headers,
    payload: { identifier, token: await outbox.code(identifier) },
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.statusCode} ${confirmed.body}`);
  const session = await signIn(app, identifier, password);
  if (input.roles?.length) {
    await database.db
      .insert(userRoles)
      .values(input.roles.map((role) => ({ userId: session.user.id, role })))
      .onConflictDoNothing();
  }
  return { ...session, password };
}

/** The session of an account with a password: its credential is never null. */
export type PasswordSession = Session & { credential: Credential };

export async function signIn(app: FastifyInstance, identifier: string, password: string): Promise<PasswordSession> {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/account/authenticate',
    headers: { ...fromAddress(freshAddress()) },
    payload: { identifier, secret: password },
  });
  if (response.statusCode !== 200) throw new Error(`authenticate: ${response.statusCode} ${response.body}`);
  const session = response.json<{ data: Session }>().data;
  if (!session.credential) throw new Error('a password sign-in answered no credential');
  return { ...session, credential: session.credential };
}

export const bearer = (session: { accessToken: string }) => ({ authorization: `Bearer ${session.accessToken}` });
