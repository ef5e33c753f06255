import { AppError } from '#api/app-error.ts';
import type { Clock } from '#api/clock.ts';
import type { AuthConfig } from '#api/config.ts';
import type { OutboxRepository } from '#api/messages/outbox-repository.ts';
import type { LimitRule, RateLimiter } from '#api/rate-limit/rate-limiter.ts';
import type { TransactionDeps } from '#api/transaction-deps.ts';
import type { AccountNotices } from './account-notices.ts';
import type { AccountsRepository } from './accounts-repository.ts';
import type { IdentityRepository } from './identity-repository.ts';
import type { OidcClient } from './oidc-client.ts';
import type { SessionRepository } from './session-repository.ts';
import type { StoreCredit } from './store-credit.ts';
import type { VerificationRepository } from './verification-repository.ts';

/**
 * What the auth services are given. Auth writes its own tables through its four repositories;
 * the messages it sends go to the outbox (`messages/`), and what an account's events write in
 * other features' tables goes through the ports app.ts wires to their repositories (`notices`,
 * `credit`), all inside `transaction` when they belong together.
 */
export interface AuthDeps extends TransactionDeps {
  accounts: AccountsRepository;
  sessions: SessionRepository;
  verification: VerificationRepository;
  identities: IdentityRepository;
  outbox: Pick<OutboxRepository, 'enqueue'>;
  notices: AccountNotices;
  credit: StoreCredit;
  limiter: RateLimiter;
  config: AuthConfig;
  /** The enabled OpenID providers and the relying party that talks to them. */
  oidc: OidcClient;
  /** The storefront's public address, for links in messages. */
  publicOrigin: string;
  /** The clock; tests move it. */
  now?: Clock;
  /** How the answer floor waits (equal-time.ts); tests record it. */
  wait?: (ms: number) => Promise<unknown>;
}

/** What a refused request is told: a clear message and, through the error handler, Retry-After. */
export const TOO_MANY =
  'Too many attempts. Please wait a little and try again; the waiting time is in the Retry-After header.';

/**
 * Counts one event against every (rule, key) pair; refuses with 429 when any is over its
 * limit. Every pair is counted even when an earlier one refuses, so that the counts do not
 * depend on the order of the rules.
 */
export async function consumeAll(
  limiter: RateLimiter,
  pairs: ReadonlyArray<readonly [LimitRule, string]>,
  message = TOO_MANY,
): Promise<void> {
  const results = await Promise.all(pairs.map(([rule, key]) => limiter.consume(rule, key)));
  const refused = results.filter((result) => !result.allowed);
  if (refused.length > 0) {
    throw new AppError('RATE_LIMITED', message, {
      retryAfterSeconds: Math.max(...refused.map((result) => result.retryAfterSeconds)),
    });
  }
}

export async function refundAll(
  limiter: RateLimiter,
  pairs: ReadonlyArray<readonly [LimitRule, string]>,
): Promise<void> {
  await Promise.all(pairs.map(([rule, key]) => limiter.refund(rule, key)));
}
