import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales.ts';
import { regionNamesFor } from './region-names.ts';

const MARKETS = ['ZA', 'KE', 'RW', 'BW', 'ZW', 'MZ'];

describe('regionNamesFor', () => {
  it('names every market in every locale, never with its bare code', () => {
    for (const { code } of LOCALES) {
      const name = regionNamesFor(code);
      for (const region of MARKETS) expect(name(region), `${code} ${region}`).not.toBe(region);
    }
  });

  it("uses the locale's own name where the runtime has it", () => {
    expect(regionNamesFor('zu')('ZA')).toBe('iNingizimu Afrika');
    expect(regionNamesFor('de')('KE')).toBe('Kenia');
  });

  it('takes a name the locale lacks from its fallback chain', () => {
    expect(regionNamesFor('rw')('RW')).toBe('U Rwanda');
    expect(regionNamesFor('rw')('KE')).toBe('Kenya');
  });
});
