import type { ItemOption } from '@malewa/contracts/catalog/catalog-values';
import { describe, expect, it } from 'vitest';
import { priceChoices, quantityInMilli } from './price-choices.ts';
import { lineTotalMinor } from './view-cart.ts';

const options: ItemOption[] = [
  {
    name: { en: 'Served with' },
    required: true,
    min: 1,
    max: 1,
    choices: [
      { name: { en: 'Pap' }, price: 0 },
      { name: { en: 'Rice' }, price: 500 },
    ],
  },
  {
    name: { en: 'Extras' },
    required: false,
    min: 0,
    max: 2,
    choices: [
      { name: { en: 'Chakalaka' }, price: 1000 },
      { name: { en: 'Morogo' }, price: 1000 },
      { name: { en: 'Madila' }, price: 1500 },
    ],
  },
];

describe('priceChoices', () => {
  it('adds the chosen choices’ prices to the item’s', () => {
    const priced = priceChoices(6500, options, [[1], [0, 2]]);
    expect(priced).toMatchObject({ ok: true, unitPriceMinor: 6500 + 500 + 1000 + 1500 });
  });

  it('asks for required options, and refuses too many, repeated or unknown choices', () => {
    expect(priceChoices(6500, options, [])).toMatchObject({ ok: false, problem: 'Choose Served with' });
    expect(priceChoices(6500, options, [[0, 1]])).toMatchObject({ ok: false });
    expect(priceChoices(6500, options, [[0], [0, 1, 2]])).toMatchObject({ ok: false });
    expect(priceChoices(6500, options, [[0], [1, 1]])).toMatchObject({ ok: false });
    expect(priceChoices(6500, options, [[7]])).toMatchObject({ ok: false });
    expect(priceChoices(6500, options, [[0], [], [0]])).toMatchObject({ ok: false });
  });
});

describe('quantityInMilli', () => {
  it('takes multiples of the step only', () => {
    expect(quantityInMilli(3, 1000)).toBe(3000);
    expect(quantityInMilli(1.5, 500)).toBe(1500);
    expect(quantityInMilli(2.5, 1000)).toBeNull();
    expect(quantityInMilli(0.3, 500)).toBeNull();
    expect(quantityInMilli(0.0001, 1)).toBeNull();
  });
});

describe('lineTotalMinor', () => {
  it('rounds a weighed line to the nearest minor unit, in integers', () => {
    expect(lineTotalMinor(1099, 1500)).toBe(1649);
    expect(lineTotalMinor(1000, 2000)).toBe(2000);
    expect(lineTotalMinor(333, 500)).toBe(167);
  });
});
