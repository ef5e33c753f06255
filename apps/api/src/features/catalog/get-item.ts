import type { GetItemResponse } from '@malewa/contracts/catalog/get-catalog-entry';
import { AppError } from '#api/app-error.ts';
import { pickText } from '#api/localized-text.ts';
import { bookingStartTimes } from '#api/scheduling/booking-rules.ts';
import type { CatalogDeps, ShopperContext } from './catalog-scope.ts';
import { findEntry } from './find-entry.ts';
import { itemCard, providerCard } from './present-catalog.ts';

/** How many sellers of a recipe ingredient the page offers. */
const MATCHES_PER_INGREDIENT = 3;

/**
 * One item of the collection's types, with its options, its provider, and what its type
 * adds: a recipe's steps and ingredients (each with the cheapest Grocery and Farm sellers that
 * deliver to the shopper), an experience's inclusions and guest range.
 */
export async function getItem(
  deps: CatalogDeps,
  shopper: ShopperContext,
  service: string,
  types: readonly string[],
  idOrSlug: string,
  query: { lat?: number | undefined; lng?: number | undefined },
): Promise<GetItemResponse> {
  const point =
    query.lat !== undefined && query.lng !== undefined ? { latitude: query.lat, longitude: query.lng } : undefined;
  const entry = await findEntry(
    deps,
    { ...shopper, point: point ?? shopper.point },
    service,
    (scope) => deps.catalog.findItem(scope, types, idOrSlug),
    () => deps.catalog.itemMarket(service, types, idOrSlug),
  );
  if (!entry) throw new AppError('NOT_FOUND', 'No such item');
  const { row, scope, market } = entry;
  const { languages } = scope;

  const recipe = row.type === 'recipe' ? await deps.catalog.recipeOf(row.id) : undefined;
  const experience = row.type === 'experience' ? await deps.catalog.experienceOf(row.id) : undefined;
  const keys = (recipe?.ingredients ?? []).flatMap((ingredient) => ingredient.matchProductKey ?? []);
  const sellers = await deps.catalog.sellersOf(scope, keys);

  const card = itemCard(row, market, languages);
  return {
    data: {
      ...card,
      description: pickText(row.description, languages),
      options: row.options.map((option) => ({
        name: pickText(option.name, languages),
        required: option.required,
        min: option.min,
        max: option.max,
        choices: option.choices.map((choice) => ({
          name: pickText(choice.name, languages),
          price: { amount: choice.price, currency: card.price.currency },
        })),
      })),
      nutrition: row.nutrition,
      provider: providerCard(row.provider, market, languages),
      recipe: recipe
        ? {
            servings: recipe.servings,
            prepMinutes: recipe.prepMinutes,
            cookMinutes: recipe.cookMinutes,
            difficulty: recipe.difficulty,
            steps: recipe.steps.map((step) => pickText(step, languages)),
            ingredients: recipe.ingredients.map((ingredient) => ({
              name: pickText(ingredient.name, languages),
              quantityMilli: ingredient.quantityMilli,
              unit: ingredient.unit,
              matches: sellers
                .filter((seller) => seller.productKey !== null && seller.productKey === ingredient.matchProductKey)
                .slice(0, MATCHES_PER_INGREDIENT)
                .map((seller) => itemCard(seller, market, languages)),
            })),
          }
        : null,
      experience: experience
        ? {
            included: experience.included.map((entry) => pickText(entry, languages)),
            guestsMin: experience.guestsMin,
            guestsMax: experience.guestsMax,
            durationMinutes: experience.durationMinutes,
            pricing: experience.pricing,
            venue: experience.venue,
            startTimes: bookingStartTimes(row.provider.hours),
          }
        : null,
    },
  };
}
