import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook } from './payment-gateway.ts';

describe('webhook signatures', () => {
  const body = '{"eventId":"evt_12345678","status":"succeeded"}';
  it('accepts our signature of this body, recent, and nothing else', () => {
    const header = signWebhook('secret', body, 1_800_000_000);
    expect(verifyWebhook('secret', header, body, 1_800_000_060)).toBe(true);
    expect(verifyWebhook('other secret', header, body, 1_800_000_060)).toBe(false);
    expect(verifyWebhook('secret', header, `${body} `, 1_800_000_060)).toBe(false);
    expect(verifyWebhook('secret', header, body, 1_800_001_000)).toBe(false);
    expect(verifyWebhook('secret', undefined, body, 1_800_000_000)).toBe(false);
    expect(verifyWebhook('secret', 't=1800000000,v1=zz', body, 1_800_000_000)).toBe(false);
  });
});
