import { describe, expect, it } from 'vitest';
import { wantsLightPages } from './save-data.ts';

describe('wantsLightPages', () => {
  it('is on with Save-Data or a 2G connection', () => {
    expect(wantsLightPages(new Headers({ 'Save-Data': 'on' }))).toBe(true);
    expect(wantsLightPages(new Headers({ 'Save-Data': ' ON ' }))).toBe(true);
    expect(wantsLightPages(new Headers({ ECT: '2g' }))).toBe(true);
    expect(wantsLightPages(new Headers({ ECT: 'slow-2g' }))).toBe(true);
  });

  it('is off otherwise', () => {
    expect(wantsLightPages(new Headers())).toBe(false);
    expect(wantsLightPages(new Headers({ 'Save-Data': 'off' }))).toBe(false);
    expect(wantsLightPages(new Headers({ ECT: '3g' }))).toBe(false);
    expect(wantsLightPages(new Headers({ ECT: '4g' }))).toBe(false);
  });
});
