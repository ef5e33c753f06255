import { ZListingExperienceSchema, ZListingRecipeSchema } from '@malewa/contracts/provider/listings';
import { describe, expect, it } from 'vitest';
import { experienceFrom, experienceValuesOf, recipeFrom, recipeValuesOf } from './listing-kinds.server.ts';

describe('a recipe in its form', () => {
  it('reads each ingredient line as a quantity, a unit and a name, keeping the other languages', () => {
    const recipe = recipeFrom(
      {
        servings: '4',
        prepMinutes: '',
        cookMinutes: '90',
        difficulty: 'hard',
        steps: 'Brown the lamb.\n\n  Simmer slowly.  ',
        ingredients: '1 kg Tomatoes\n500 G lamb neck\n2 onions\nsalt',
      },
      'en',
      {
        servings: 2,
        prepMinutes: 0,
        cookMinutes: 0,
        difficulty: 'easy',
        steps: [{ sw: 'Kaanga nyama.' }],
        ingredients: [{ name: { sw: 'Nyanya' }, quantityMilli: 1000, unit: 'kg', matchProductKey: null }],
      },
    );
    expect(recipe).toEqual({
      servings: 4,
      prepMinutes: 0,
      cookMinutes: 90,
      difficulty: 'hard',
      steps: [{ sw: 'Kaanga nyama.', en: 'Brown the lamb.' }, { en: 'Simmer slowly.' }],
      ingredients: [
        { name: { sw: 'Nyanya', en: 'Tomatoes' }, quantityMilli: 1000, unit: 'kg' },
        { name: { en: 'lamb neck' }, quantityMilli: 500_000, unit: 'g' },
        { name: { en: 'onions' }, quantityMilli: 2000, unit: null },
        { name: { en: 'salt' }, quantityMilli: null, unit: null },
      ],
    });
    expect(ZListingRecipeSchema.safeParse(recipe).success).toBe(true);
  });

  it('leaves what is not a number to the schema, on its part', () => {
    const recipe = recipeFrom(
      { ...recipeValuesOf(null, 'en'), servings: 'four', steps: '', ingredients: 'salt' },
      'en',
      null,
    );
    const paths = ZListingRecipeSchema.safeParse(recipe).error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(['servings', 'steps']);
  });
});

describe('an experience in its form', () => {
  it('shows and reads back its hours, guests and included lines', () => {
    const values = experienceValuesOf(
      { included: [{ en: 'Boerewors' }], guestsMin: 4, guestsMax: 12, durationMinutes: 210, venue: 'chef-place' },
      'en',
    );
    expect(values).toEqual({
      guestsMin: '4',
      guestsMax: '12',
      durationHours: '3.5',
      venue: 'chef-place',
      included: 'Boerewors',
    });
    expect(experienceFrom({ ...values, durationHours: '3,5', venue: 'moon' }, 'en', null)).toEqual({
      included: [{ en: 'Boerewors' }],
      guestsMin: 4,
      guestsMax: 12,
      durationMinutes: 210,
      venue: 'your-place',
    });
  });

  it('leaves guests the wrong way round, or none, to the schema', () => {
    const read = (guestsMin: string, guestsMax: string) =>
      ZListingExperienceSchema.safeParse(
        experienceFrom({ ...experienceValuesOf(null, 'en'), guestsMin, guestsMax, durationHours: '2' }, 'en', null),
      ).error?.issues.map((issue) => issue.path.join('.'));
    expect(read('12', '6')).toEqual(['guestsMax']);
    expect(read('', '6')).toEqual(['guestsMin']);
  });
});
