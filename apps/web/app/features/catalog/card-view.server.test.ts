import type { ItemCard, ProviderCard } from '@malewa/contracts/catalog/catalog-card';
import { describe, expect, it } from 'vitest';
import { itemCardView, providerCardView } from './card-view.server.ts';

const money = (amount: number) => ({ amount, currency: 'KES' as const });
const delivery = { distanceKm: 2.7, fee: money(16000), freeAbove: null, etaMinutes: 45 };

const item: ItemCard = {
  id: '027fb348-0bc3-43d7-b8f7-c10fbdacff8d',
  slug: 'goat-nyama-choma',
  service: 'food',
  type: 'meal',
  name: { text: 'Goat nyama choma, 1 kg', lang: 'en' },
  category: 'grills',
  tags: ['grilled', 'sharing'],
  dietary: ['halal'],
  price: money(120000),
  unit: 'plate',
  stepMilli: 1000,
  stock: 4,
  available: true,
  images: ['fluent-emoji-flat:cut-of-meat', 'fluent-emoji-flat:flatbread'],
  provider: {
    id: '67dd1aa2-af96-40ae-b2d9-1138460c6f99',
    slug: 'choma-junction',
    name: 'Choma Junction',
    rating: { average: 4.6, count: 412 },
    openNow: true,
  },
  delivery,
};

describe('card views', () => {
  it('keep of an item what its card shows, and no ids', () => {
    const view = itemCardView(item);
    expect(view).toEqual({
      slug: 'goat-nyama-choma',
      service: 'food',
      type: 'meal',
      name: item.name,
      category: 'grills',
      dietary: ['halal'],
      price: money(120000),
      unit: 'plate',
      available: true,
      images: ['fluent-emoji-flat:cut-of-meat'],
      delivery,
      provider: { name: 'Choma Junction', openNow: true },
    });
    expect(JSON.stringify(view)).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  });

  it('leave the shop and its delivery out of the cards on the shop’s own page, which says them once', () => {
    const view = itemCardView(item, null, 'its-shop');
    expect(view).not.toHaveProperty('provider');
    expect(view).not.toHaveProperty('delivery');
    expect(view).toMatchObject({ slug: 'goat-nyama-choma', price: money(120000), available: true });
  });

  it('keep of a provider what its card and its marker show', () => {
    const provider: ProviderCard = {
      id: '67dd1aa2-af96-40ae-b2d9-1138460c6f99',
      slug: 'choma-junction',
      service: 'food',
      kind: 'restaurant',
      name: 'Choma Junction',
      description: { text: 'Goat and beef off the grill.', lang: 'en' },
      city: 'Nairobi',
      area: 'South B',
      latitude: -1.31,
      longitude: 36.84,
      cuisines: ['kenyan'],
      rating: { average: 4.6, count: 412 },
      minimumOrder: money(50000),
      prepMinutes: 25,
      byAppointment: false,
      openNow: true,
      images: ['fluent-emoji-flat:cut-of-meat'],
      distanceKm: 2.7,
      delivery,
    };
    const view = providerCardView(provider);
    expect(Object.keys(view).sort()).toEqual(
      [
        'area',
        'byAppointment',
        'city',
        'cuisines',
        'delivery',
        'description',
        'images',
        'latitude',
        'longitude',
        'name',
        'openNow',
        'rating',
        'service',
        'slug',
      ].sort(),
    );
    expect(view).toMatchObject({ name: 'Choma Junction', latitude: -1.31, longitude: 36.84, delivery });
  });
});
