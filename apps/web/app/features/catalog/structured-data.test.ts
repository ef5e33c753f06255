import type { ItemDetail } from '@malewa/contracts/catalog/get-catalog-entry';
import { describe, expect, it } from 'vitest';
import { itemJsonLd } from './structured-data.ts';

const item = (price: ItemDetail['price']) =>
  ({
    name: { text: 'Isombe', lang: 'en' },
    description: { text: 'Cassava leaves', lang: 'en' },
    category: 'stews',
    price,
    available: true,
    recipe: null,
    provider: { name: 'Kigali Kitchen' },
  }) as unknown as ItemDetail;

describe('itemJsonLd', () => {
  it('writes the price in major units of the currency: francs have none, shillings two', () => {
    expect(itemJsonLd(item({ amount: 3500, currency: 'RWF' }), 'https://x').offers.price).toBe('3500');
    expect(itemJsonLd(item({ amount: 120050, currency: 'KES' }), 'https://x').offers.price).toBe('1200.50');
  });
});
