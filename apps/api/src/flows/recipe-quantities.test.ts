import { describe, expect, it } from 'vitest';
import { quantityToBuy } from './recipe-quantities.ts';

describe('how much to buy for a recipe', () => {
  const kilo = { unit: 'kg', stepMilli: 1000 };
  const halfKilo = { unit: 'kg', stepMilli: 500 };
  it('scales by servings and converts grams to kilos, rounding up to the step', () => {
    // 500 g for 4, for 6: 750 g → 1 kg sold by the kilo, 1 kg by the half kilo.
    expect(quantityToBuy({ quantityMilli: 500_000, unit: 'g' }, 4, 6, kilo)).toBe(1);
    expect(quantityToBuy({ quantityMilli: 500_000, unit: 'g' }, 4, 6, halfKilo)).toBe(1);
    // 1.2 kg for 4, for 6: 1.8 kg → 2 kg.
    expect(quantityToBuy({ quantityMilli: 1_200, unit: 'kg' }, 4, 6, halfKilo)).toBe(2);
    expect(quantityToBuy({ quantityMilli: 300_000, unit: 'ml' }, 2, 6, { unit: 'l', stepMilli: 1000 })).toBe(1);
  });

  it('counts pieces as pieces, and one step where units do not convert or it is to taste', () => {
    expect(quantityToBuy({ quantityMilli: 2_000, unit: 'each' }, 4, 6, { unit: 'each', stepMilli: 1000 })).toBe(3);
    expect(quantityToBuy({ quantityMilli: 5_000, unit: 'g' }, 4, 6, { unit: 'pack', stepMilli: 1000 })).toBe(1);
    expect(quantityToBuy({ quantityMilli: null, unit: null }, 4, 6, { unit: 'bunch', stepMilli: 1000 })).toBe(1);
  });

  it('never asks for more than a line holds', () => {
    expect(quantityToBuy({ quantityMilli: 50_000, unit: 'kg' }, 1, 24, kilo)).toBe(99);
  });
});
