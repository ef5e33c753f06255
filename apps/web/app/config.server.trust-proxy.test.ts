import { describe, expect, it } from 'vitest';
import { loadWebConfig, WebConfigError } from './config.server.ts';

describe('WEB_TRUST_PROXY', () => {
  it('trusts no proxy by default: a caller on this machine cannot choose the shopper address', () => {
    expect(loadWebConfig({}).trustProxy).toEqual([]);
    expect(loadWebConfig({ WEB_TRUST_PROXY: '' }).trustProxy).toEqual([]);
  });

  it('reads a comma list of addresses, CIDR ranges and range names', () => {
    expect(loadWebConfig({ WEB_TRUST_PROXY: '10.0.0.0/8, 192.0.2.7 ,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('names an entry that is not an address or a range', () => {
    for (const bad of ['true', '10.0.0.0/33', 'lb.internal']) {
      expect(() => loadWebConfig({ WEB_TRUST_PROXY: bad }), bad).toThrow(WebConfigError);
      expect(() => loadWebConfig({ WEB_TRUST_PROXY: bad }), bad).toThrow(`"${bad}"`);
    }
  });
});
