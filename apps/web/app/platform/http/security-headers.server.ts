import { randomBytes } from 'node:crypto';

/** A fresh nonce for one response's inline scripts: 128 bits, as CSP Level 3 recommends. */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The headers every response of the storefront carries (OWASP ASVS 3.4, 14.4). Scripts run only
 * from our origin or with this response's nonce; styles may be inline (the server writes the
 * theme's tokens into the page); images may come from https (avatars the shopper chose);
 * nothing may frame us; forms post only to us. HSTS only when the public origin is https:
 * on http it would be ignored anyway, and on localhost it would pin the developer's browser.
 */
export function securityHeaders(nonce: string, publicOrigin: string): Record<string, string> {
  const https = publicOrigin.startsWith('https:');
  const policy = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
  return {
    'Content-Security-Policy': policy,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), payment=(), usb=()',
    ...(https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
