import { describe, expect, it } from 'vitest';
import { newNonce, securityHeaders } from './security-headers.server.ts';

describe('security headers', () => {
  it('allow scripts only from our origin or with the nonce, and forbid framing', () => {
    const headers = securityHeaders('abc123', 'http://localhost:3000');
    const csp = headers['Content-Security-Policy'];
    expect(csp).toContain("script-src 'self' 'nonce-abc123'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
  });

  it('send HSTS only when the public origin is https', () => {
    expect(securityHeaders('n', 'http://localhost:3000')['Strict-Transport-Security']).toBeUndefined();
    const https = securityHeaders('n', 'https://malewa.example');
    expect(https['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains');
    expect(https['Content-Security-Policy']).toContain('upgrade-insecure-requests');
  });

  it('make a new nonce each time', () => {
    expect(newNonce()).not.toBe(newNonce());
    expect(newNonce()).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});
