import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * Secrets handed out by the API: 256 random bits, base64url, with a prefix that tells what
 * they are (and lets secret scanners find leaked ones). Only their SHA-256 is stored: they
 * carry enough entropy that a fast hash cannot be searched backwards.
 */
export function newToken(prefix: 'mwa' | 'mwr' | 'mwv' | 'mwp' | 'mwf'): string {
  return `${prefix}_${randomBytes(32).toString('base64url')}`;
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** A 6-digit code, uniformly drawn (leading zeros kept). */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * A code has only a million values, so its hash is salted with the confirmation's own id; it
 * is still only as strong as the attempts limit, which is the real defence.
 */
export function codeHash(verificationId: string, code: string): string {
  return sha256(`${verificationId}:${code}`);
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** 256 random bits, base64url: an OAuth `state`. */
export function randomState(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * A secret derived from `secret` for one purpose (HMAC-SHA256, base64url: 43 characters, a
 * valid PKCE verifier). A social sign-in's PKCE verifier and nonce are derived from the
 * browser's flow token, so that the server stores neither.
 */
export function derivedSecret(secret: string, purpose: 'pkce' | 'nonce'): string {
  return createHmac('sha256', secret).update(`malewa-social-${purpose}`).digest('base64url');
}
