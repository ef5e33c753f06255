import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';

/**
 * Secrets handed out by the API: 256 random bits, base64url, with a prefix that tells what
 * they are (and lets secret scanners find leaked ones). Only their SHA-256 is stored: they
 * carry enough entropy that a fast hash cannot be searched backwards.
 */
export function newToken(prefix: 'mwa' | 'mwr' | 'mwv' | 'mwp' | 'mwf' | 'mws'): string {
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

/**
 * Seals `plaintext` with a key derived from `token` (AES-256-GCM): only someone presenting the
 * token can open it, and the token itself is stored only as its SHA-256.
 */
export function sealWithToken(token: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(token), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** What {@link sealWithToken} sealed, or null when `token` is not the one it was sealed with. */
export function openWithToken(token: string, sealed: string): string | null {
  const bytes = Buffer.from(sealed, 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(token), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

function keyOf(token: string): Buffer {
  return createHmac('sha256', token).update('malewa-refresh-successor').digest();
}
