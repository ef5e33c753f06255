import {
  EXPERIENCE_VENUES,
  INGREDIENT_UNITS,
  type Listing,
  RECIPE_DIFFICULTIES,
} from '@malewa/contracts/provider/listings';
import { textIn } from '#app/platform/i18n/localized-text.ts';

/**
 * What a chef's experience and a creator's recipe add to a listing's form: their fields as the
 * form shows them, and as the API takes them. A line (what is included, a step, an ingredient)
 * is written in the form's language over the line at the same place, so its other languages
 * are kept. What is not a number is NaN: the contract's schema refuses it on its field.
 */

/** An experience: guests, duration in hours, place, one included thing a line. */
export const EXPERIENCE_FIELDS = ['guestsMin', 'guestsMax', 'durationHours', 'venue', 'included'] as const;
export type ExperienceValues = Record<(typeof EXPERIENCE_FIELDS)[number], string>;

/** A recipe: servings, minutes, difficulty, one step a line, one ingredient a line. */
export const RECIPE_FIELDS = ['servings', 'prepMinutes', 'cookMinutes', 'difficulty', 'steps', 'ingredients'] as const;
export type RecipeValues = Record<(typeof RECIPE_FIELDS)[number], string>;

/** A field of one thing a line: its lines trimmed, the empty ones dropped. */
export function linesOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** A whole number of up to seven digits; NaN for anything else. */
export function wholeNumber(text: string): number {
  return /^\d{1,7}$/.test(text) ? Number(text) : Number.NaN;
}

/** An experience's fields as the form shows them, in `language` (else each line's first text). */
export function experienceValuesOf(experience: Listing['experience'], language: string): ExperienceValues {
  if (!experience) return { guestsMin: '', guestsMax: '', durationHours: '', venue: 'your-place', included: '' };
  return {
    guestsMin: String(experience.guestsMin),
    guestsMax: String(experience.guestsMax),
    durationHours: String(experience.durationMinutes / 60),
    venue: experience.venue,
    included: experience.included.map((line) => textIn(line, language)).join('\n'),
  };
}

/** The experience the API takes (a place it does not know: at the guests'). */
export function experienceFrom(values: ExperienceValues, language: string, current: Listing['experience']) {
  return {
    included: linesOf(values.included).map((line, index) => ({ ...current?.included[index], [language]: line })),
    guestsMin: wholeNumber(values.guestsMin),
    guestsMax: wholeNumber(values.guestsMax),
    durationMinutes: Math.round(Number(values.durationHours.replace(',', '.')) * 60),
    venue: EXPERIENCE_VENUES.find((venue) => venue === values.venue) ?? 'your-place',
  };
}

/** "500 g maize meal", "2 onions", "salt": a quantity, a unit of the recipe's, then the name. */
const INGREDIENT_LINE = new RegExp(`^(\\d+(?:[.,]\\d+)?)\\s*(${INGREDIENT_UNITS.join('|')})?\\s+(.+)$`, 'i');

/** A recipe's fields as the form shows them, in `language` (else each text's first). */
export function recipeValuesOf(recipe: Listing['recipe'], language: string): RecipeValues {
  if (!recipe)
    return { servings: '4', prepMinutes: '', cookMinutes: '', difficulty: 'easy', steps: '', ingredients: '' };
  return {
    servings: String(recipe.servings),
    prepMinutes: String(recipe.prepMinutes),
    cookMinutes: String(recipe.cookMinutes),
    difficulty: recipe.difficulty,
    steps: recipe.steps.map((step) => textIn(step, language)).join('\n'),
    ingredients: recipe.ingredients
      .map((ingredient) =>
        [
          ingredient.quantityMilli === null ? '' : String(ingredient.quantityMilli / 1000),
          ingredient.unit ?? '',
          textIn(ingredient.name, language),
        ]
          .filter(Boolean)
          .join(' '),
      )
      .join('\n'),
  };
}

/** The recipe the API takes: minutes left empty are none, a difficulty it does not know is easy. */
export function recipeFrom(values: RecipeValues, language: string, current: Listing['recipe']) {
  return {
    servings: wholeNumber(values.servings),
    prepMinutes: wholeNumber(values.prepMinutes || '0'),
    cookMinutes: wholeNumber(values.cookMinutes || '0'),
    difficulty: RECIPE_DIFFICULTIES.find((difficulty) => difficulty === values.difficulty) ?? 'easy',
    steps: linesOf(values.steps).map((step, index) => ({ ...current?.steps[index], [language]: step })),
    ingredients: linesOf(values.ingredients).map((line, index) => {
      const match = INGREDIENT_LINE.exec(line);
      const quantityMilli = Math.round(Number((match?.[1] ?? '').replace(',', '.')) * 1000);
      return {
        name: { ...current?.ingredients[index]?.name, [language]: match?.[3] ?? line },
        quantityMilli: quantityMilli > 0 ? quantityMilli : null,
        unit: INGREDIENT_UNITS.find((unit) => unit === match?.[2]?.toLowerCase()) ?? null,
      };
    }),
  };
}
