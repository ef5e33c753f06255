import type { ItemDetail, ProviderDetail } from '@malewa/contracts/catalog/get-catalog-entry';
import { describe, expect, it } from 'vitest';
import { itemJsonLd, providerJsonLd } from './structured-data.ts';

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

describe('providerJsonLd', () => {
  const kitchen = (closedDates: string[]) =>
    ({
      service: 'food',
      name: 'Kigali Kitchen',
      description: { text: 'Isombe and brochettes', lang: 'en' },
      street: 'KN 4 Ave',
      city: 'Kigali',
      latitude: -1.95,
      longitude: 30.06,
      rating: { average: 0, count: 0 },
      cuisines: [],
      hours: [[[600, 1320]], [], [], [], [], [], []],
      closedDates,
    }) as unknown as ProviderDetail;

  it('says its weekly hours, and each closed day as a special opening from midnight to midnight', () => {
    const described = providerJsonLd(kitchen(['2026-12-25']), 'https://x') as Record<string, unknown>;
    expect(described.openingHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'Monday', opens: '10:00', closes: '22:00' },
    ]);
    expect(described.specialOpeningHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        validFrom: '2026-12-25',
        validThrough: '2026-12-25',
        opens: '00:00',
        closes: '00:00',
      },
    ]);
    expect(providerJsonLd(kitchen([]), 'https://x')).not.toHaveProperty('specialOpeningHoursSpecification');
  });
});
