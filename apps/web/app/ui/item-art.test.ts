import { readFileSync } from 'node:fs';
import { TINTS } from '@malewa/media/media-path';
import { describe, expect, it } from 'vitest';
import { tintOf } from './item-art.tsx';

describe('the picture tints', () => {
  it('are painted under each picture in the colour it is drawn on (the placeholder)', () => {
    const css = readFileSync(new URL('../styles/catalog.css', import.meta.url), 'utf8');
    const painted = [...css.matchAll(/\.tint-(\d) \{\s*--art: (#[0-9a-f]{6});/g)].map((m) => [Number(m[1]), m[2]]);
    expect(painted).toEqual(TINTS.map((colour, index) => [index, colour]));
  });

  it('are the same for the same seed, and spread over all eight', () => {
    expect(tintOf('vegetables')).toBe(tintOf('vegetables'));
    const seen = new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n'].map(tintOf));
    expect(seen.size).toBe(8);
  });
});
