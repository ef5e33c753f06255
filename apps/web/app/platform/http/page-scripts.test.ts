import { describe, expect, it } from 'vitest';
import { sendsScripts } from './page-scripts.ts';

describe('sendsScripts', () => {
  it('sends them on a full page, and never on a page that forbids them', () => {
    expect(sendsScripts([undefined, {}], false, false)).toBe(true);
    expect(sendsScripts([{}, { hydrate: false }], false, false)).toBe(false);
    expect(sendsScripts([{}, { hydrate: false }], false, true)).toBe(false);
  });

  it('leaves them out of a light page unless a route needs them', () => {
    expect(sendsScripts([undefined, {}], true, false)).toBe(false);
    expect(sendsScripts([{}, { hydrate: 'always' }], true, false)).toBe(true);
  });

  it('keeps them in a page the browser already runs', () => {
    expect(sendsScripts([{}], true, true)).toBe(true);
  });
});
