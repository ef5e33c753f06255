import { describe, expect, it } from 'vitest';
import { requestIdOf } from './request-id.ts';

describe('requestIdOf', () => {
  it('keeps a sane token: a UUID, a load balancer’s id, 128 characters', () => {
    expect(requestIdOf('0b6c5b4e-3d8f-4f7a-9a51-2f1f4a6c0d11')).toBe('0b6c5b4e-3d8f-4f7a-9a51-2f1f4a6c0d11');
    expect(requestIdOf('nginx:5f2a.01_x')).toBe('nginx:5f2a.01_x');
    expect(requestIdOf('a'.repeat(128))).toBe('a'.repeat(128));
  });

  it('refuses what could forge a log line or a header, and what is too long or missing', () => {
    for (const value of ['', 'a'.repeat(129), 'two words', 'a\nb', 'x"y', 'é', '<script>', undefined, null]) {
      expect(requestIdOf(value)).toBeUndefined();
    }
    // Node gives a repeated header as an array: neither copy is believed.
    expect(requestIdOf(['a', 'b'])).toBeUndefined();
  });
});
