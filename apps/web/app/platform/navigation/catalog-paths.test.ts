import { describe, expect, it } from 'vitest';
import { humanize } from '#app/platform/i18n/use-vocabulary.ts';
import { collectionOfPath, itemCollection, itemPath, providerCollection, providerPath } from './catalog-paths.ts';

describe('catalog addresses', () => {
  it('name every collection of a service from its path, and nothing else', () => {
    expect(collectionOfPath('/food/meals')).toEqual({
      service: 'food',
      collection: 'meals',
      kind: 'items',
      types: ['meal'],
    });
    expect(collectionOfPath('/cookbook/creators/x')).toMatchObject({ service: 'cookbook', kind: 'providers' });
    expect(collectionOfPath('/food/produces')).toBeUndefined();
    expect(collectionOfPath('/drinks/bars')).toBeUndefined();
    expect(collectionOfPath('/food')).toBeUndefined();
  });

  it('link providers and items to their collection', () => {
    expect(providerCollection('farm')).toBe('farmers');
    expect(itemCollection('cookbook', 'ingredient')).toBe('ingredients');
    expect(providerPath('grocery', 'duka-la-mama')).toBe('/grocery/stores/duka-la-mama');
    expect(itemPath('chef', 'experience', 'swahili-dinner')).toBe('/chef/experiences/swahili-dinner');
  });

  it('reads an untranslated vocabulary key as words', () => {
    expect(humanize('soups-and-swallows')).toBe('Soups and swallows');
  });
});
