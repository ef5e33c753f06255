import { SIGN_IN_FAILURES_PER_IDENTIFIER } from '@malewa/contracts/auth/authenticate';
import type { LimitRule } from '#api/rate-limit/rate-limiter.ts';

const MINUTE = 60_000;

/**
 * The account limits. Per identifier they slow an attacker down on one account; per client
 * address they slow one attacker across many accounts. The address limits are generous
 * because many shoppers share one address behind a mobile operator's NAT; the identifier
 * limits are short windows, so that an attacker can at most delay the owner by a minute,
 * never lock them out.
 */
export const LIMITS = {
  /**
   * Wrong passwords (a correct one is refunded) for one account from one address: the 11th
   * within a minute is a 429 there, while the owner still signs in from their own address
   * (ASVS 6.3.1: no victim lockout).
   */
  signInPerIdentifierAndAddress: { name: 'signin-id-ip', max: SIGN_IN_FAILURES_PER_IDENTIFIER, windowMs: MINUTE },
  /** The slower ceiling per account, whatever the addresses: a guessing farm stops here. */
  signInPerIdentifier: { name: 'signin-id', max: 100, windowMs: 15 * MINUTE },
  signInPerAddress: { name: 'signin-ip', max: 100, windowMs: 15 * MINUTE },
  registerPerIdentifier: { name: 'register-id', max: 5, windowMs: 60 * MINUTE },
  registerPerAddress: { name: 'register-ip', max: 20, windowMs: 60 * MINUTE },
  /** Messages with codes or links cost the owner's attention (and SMS money). */
  messagesPerIdentifier: { name: 'message-id', max: 5, windowMs: 15 * MINUTE },
  messagesPerAddress: { name: 'message-ip', max: 30, windowMs: 15 * MINUTE },
  /** Wrong codes and links (a right one is refunded). */
  codeEntryPerIdentifier: { name: 'code-id', max: 10, windowMs: 15 * MINUTE },
  codeEntryPerAddress: { name: 'code-ip', max: 50, windowMs: 15 * MINUTE },
  /** Social sign-ins started: each one stores a flow and costs a redirect to the provider. */
  socialStartPerAddress: { name: 'social-start-ip', max: 60, windowMs: 15 * MINUTE },
  /** Provider answers that did not check out (a good one is refunded). */
  socialCallbackPerAddress: { name: 'social-callback-ip', max: 30, windowMs: 15 * MINUTE },
} satisfies Record<string, LimitRule>;

/** What a password check counts against: the account from this address, the account, the address. */
export function passwordCheckLimits(identifier: string, address: string) {
  return [
    [LIMITS.signInPerIdentifierAndAddress, `${identifier} ${address}`],
    [LIMITS.signInPerIdentifier, identifier],
    [LIMITS.signInPerAddress, address],
  ] as const;
}
