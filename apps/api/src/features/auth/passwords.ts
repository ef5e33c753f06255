import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id minimum: 19 MiB, 2 iterations, 1 lane (@node-rs/argon2 defaults to argon2id). */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const COMMON = new Set(
  readFileSync(new URL('../../../data/common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line !== ''),
);

/**
 * Hashes at once, at most: a flood of sign-ins must leave a core to every other request (the
 * catalog, the storefront's pages), so hashing waits its turn instead of taking every core.
 */
const MAX_HASHING = Math.max(1, availableParallelism() - 1);
let hashing = 0;
const waiting: Array<() => void> = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (hashing < MAX_HASHING) hashing += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, so that no newcomer can overtake it.
    const next = waiting.shift();
    if (next) next();
    else hashing -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return inTurn(() => hash(password, ARGON2));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await inTurn(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one real verification on a hash no password matches, so that an unknown
 * identifier answers as slowly as a known one with a wrong password.
 */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummyHash ??= hashPassword(`no account ${Math.random()}`);
  await verifyPassword(await dummyHash, password);
  return false;
}

const MIN_DISTINCT_CHARACTERS = 4;

/**
 * Why a new password is refused, or undefined: one of the 10,000 most common passwords
 * (ASVS 6.2.4), the identifier itself, or one with fewer than 4 different characters or only
 * spaces ("aaaaaaaa", 8 spaces), which no list needs to name. Length is the schema's rule; no
 * composition rules.
 */
export function passwordProblem(password: string, identifier?: string): string | undefined {
  const lowered = password.toLowerCase();
  if (COMMON.has(lowered)) return 'This password is too common: choose one that is harder to guess';
  if (password.trim() === '' || new Set(lowered).size < MIN_DISTINCT_CHARACTERS) {
    return `This password is too easy to guess: use at least ${MIN_DISTINCT_CHARACTERS} different characters`;
  }
  if (identifier && lowered === identifier.toLowerCase()) return 'Do not use your email address or phone number';
  return undefined;
}
