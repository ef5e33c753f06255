import type { DiscountLine } from '@malewa/contracts/carts/discount-line';
import type { Money } from '@malewa/contracts/catalog/catalog-card';
import { describe, expect, it } from 'vitest';
import { translatorFor } from '#app/platform/i18n/messages.server.ts';
import { discountName } from './discount-name.ts';

const money = (amount: Money) => `R${amount.amount / 100}`;

function line(overrides: Partial<DiscountLine>): DiscountLine {
  return {
    source: 'offer',
    offerId: '00000000-0000-4000-8000-000000000001',
    code: null,
    kind: 'percent',
    value: 10,
    title: null,
    label: '10% off',
    appliesTo: 'goods',
    fundedBy: 'marketplace',
    amount: { amount: 2300, currency: 'ZAR' },
    ...overrides,
  };
}

/** In Arabic the translator isolates each Latin value (U+2068 … U+2069). */
const isolated = (value: string) => `\u2068${value}\u2069`;

describe('discountName', () => {
  it('describes an offer without a title by what it gives, in the page’s language', () => {
    const en = translatorFor('en');
    expect(discountName(line({}), en, money)).toBe('10% off');
    expect(discountName(line({ kind: 'fixed', value: 2000 }), en, money)).toBe('R20 off');
    expect(discountName(line({ kind: 'free-delivery', value: 0, appliesTo: 'delivery' }), en, money)).toBe(
      'Free delivery',
    );
    const ar = translatorFor('ar');
    expect(discountName(line({}), ar, money)).toBe('خصم 10٪');
    expect(discountName(line({ kind: 'fixed', value: 2000 }), ar, money)).toBe(`خصم ${isolated('R20')}`);
    expect(discountName(line({ kind: 'free-delivery', value: 0 }), ar, money)).toBe('توصيل مجاني');
  });

  it('uses the offer’s own title, and names a coupon by its code', () => {
    const fr = translatorFor('fr');
    expect(discountName(line({ title: 'Braai Friday' }), fr, money)).toBe('Braai Friday');
    expect(discountName(line({ source: 'coupon', code: 'WELCOME' }), fr, money)).toBe('10 % de réduction · WELCOME');
  });
});
