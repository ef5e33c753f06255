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
    const price = (money: ItemDetail['price']) =>
      (itemJsonLd(item(money), 'https://x') as { offers: { price: string } }).offers.price;
    expect(price({ amount: 3500, currency: 'RWF' })).toBe('3500');
    expect(price({ amount: 120050, currency: 'KES' })).toBe('1200.50');
  });
});
