import { LISTING_UNITS } from '@malewa/contracts/provider/listings';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '#app/platform/i18n/locales.ts';
import { allMessagesFor } from '#app/platform/i18n/messages.server.ts';
import { vocabularyOf } from '#app/platform/i18n/vocabulary.server.ts';
import { catalogMessagesFor } from './vocabulary.server.ts';

describe('the catalog texts a page carries', () => {
  it('leave the vocabulary and the server-only texts to the pages that need them', () => {
    const layout = Object.keys(catalogMessagesFor('fr'));
    expect(layout).toContain('catalog.filters.apply');
    expect(layout).toContain('catalog.dietary.vegan');
    for (const prefix of ['catalog.category.', 'catalog.cuisine.', 'catalog.tag.', 'catalog.unit.', 'catalog.type.']) {
      expect(
        layout.filter((key) => key.startsWith(prefix)),
        prefix,
      ).toEqual([]);
    }
    expect(layout.filter((key) => key.startsWith('catalog.collection.'))).toEqual([]);
  });

  it('are, for the vocabulary, the labels the page’s data names, wherever they sit, in its language', () => {
    const data = {
      items: {
        data: [
          { category: 'grills', unit: 'kg', type: 'meal', tags: ['spicy'], provider: { cuisines: ['kenyan'] } },
          { category: 'no-such-category', unit: 'plate', type: 'not-a-type' },
        ],
      },
      recipe: { ingredients: [{ unit: 'g' }] },
    };
    const facets = { categories: [{ key: 'stews', count: 3 }], tags: [{ key: 'bestseller', count: 2 }] };
    const search = { meta: { facets: { types: [{ key: 'produce', count: 1 }] } } };
    const fr = allMessagesFor('fr');
    expect(vocabularyOf('fr', data, facets, search, null)).toEqual({
      'catalog.category.grills': fr['catalog.category.grills'],
      'catalog.category.stews': fr['catalog.category.stews'],
      'catalog.unit.kg': fr['catalog.unit.kg'],
      'catalog.unit.short.kg': fr['catalog.unit.short.kg'],
      'catalog.unit.plate': fr['catalog.unit.plate'],
      'catalog.unit.short.plate': fr['catalog.unit.short.plate'],
      'catalog.unit.short.g': fr['catalog.unit.short.g'],
      'catalog.type.meal': fr['catalog.type.meal'],
      'catalog.type.produce': fr['catalog.type.produce'],
      'catalog.tag.spicy': fr['catalog.tag.spicy'],
      'catalog.tag.bestseller': fr['catalog.tag.bestseller'],
      'catalog.cuisine.kenyan': fr['catalog.cuisine.kenyan'],
    });
  });

  it('name every unit a provider can sell in, in full and short ("Quantity (plate)"), in the core languages', () => {
    const units = new Set(Object.entries(LISTING_UNITS).flatMap(([type, list]) => (type === 'experience' ? [] : list)));
    for (const { code } of LOCALES.filter((locale) => locale.core)) {
      const messages = allMessagesFor(code) as Record<string, string>;
      const missing = [...units].flatMap((unit) =>
        [`catalog.unit.${unit}`, `catalog.unit.short.${unit}`].filter((key) => !messages[key]),
      );
      expect(missing, code).toEqual([]);
    }
  });
});
