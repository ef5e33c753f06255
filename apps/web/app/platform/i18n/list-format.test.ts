import { describe, expect, it } from 'vitest';
import { formatList, listParts } from './list-format.ts';

describe('formatList', () => {
  it('lists as each language does, not with English commas everywhere', () => {
    expect(formatList(['Ugali', 'Sukuma wiki', 'Chapati'], 'en')).toBe('Ugali, Sukuma wiki, Chapati');
    expect(formatList(['Ugali', 'Sukuma wiki'], 'sw-KE')).toBe('Ugali na Sukuma wiki');
    expect(formatList(['Matapa', 'Xima'], 'pt-MZ')).toBe('Matapa e Xima');
    expect(formatList(['A', 'B', 'C'], 'ar')).toBe('A، وB، وC');
    expect(formatList(['Isombe'], 'rw')).toBe('Isombe');
  });

  it('gives the items apart from the words between them, for isolating each', () => {
    expect(listParts(['08:00–12:00', '14:00–18:00'], 'ar')).toEqual([
      { type: 'element', value: '08:00–12:00' },
      { type: 'literal', value: ' و' },
      { type: 'element', value: '14:00–18:00' },
    ]);
  });
});
