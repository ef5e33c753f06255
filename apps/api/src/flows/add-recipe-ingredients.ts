import type {
  AddRecipeIngredientsRequest,
  AddRecipeIngredientsResult,
} from '@malewa/contracts/carts/add-recipe-ingredients';
import { AppError } from '../app-error.ts';
import { addCartLine } from '../features/carts/add-cart-line.ts';
import type { CartShopper } from '../features/carts/cart-shopper.ts';
import type { CartDeps } from '../features/carts/get-cart.ts';
import type { CatalogDeps } from '../features/catalog/catalog-scope.ts';
import { getItem } from '../features/catalog/get-item.ts';
import { quantityToBuy } from './recipe-quantities.ts';

export type AddRecipeIngredientsDeps = CatalogDeps & CartDeps;

/**
 * A recipe's ingredients into the Grocery and Farm carts, for the servings asked: for each, the
 * cheapest seller that delivers to the shopper (the recipe page's own matches), enough of it,
 * through the cart's own add (stock, line limits). What cannot go in is named, not hidden.
 */
export async function addRecipeIngredients(
  deps: AddRecipeIngredientsDeps,
  shopper: CartShopper,
  request: AddRecipeIngredientsRequest,
): Promise<AddRecipeIngredientsResult> {
  const { data: recipe } = await getItem(
    deps,
    { storeId: shopper.storeId, storeLocation: shopper.storeLocation, language: shopper.language, point: undefined },
    'cookbook',
    ['recipe'],
    request.recipe,
    {},
  );
  if (!recipe.recipe) throw new AppError('NOT_FOUND', 'No such recipe');
  const result: AddRecipeIngredientsResult = { added: [], skipped: [] };
  for (const ingredient of recipe.recipe.ingredients) {
    const seller = ingredient.matches[0];
    if (!seller || (seller.service !== 'grocery' && seller.service !== 'farm')) {
      result.skipped.push(ingredient.name);
      continue;
    }
    const quantity = quantityToBuy(ingredient, recipe.recipe.servings, request.servings, seller);
    try {
      await addCartLine(deps, shopper, seller.service, {
        item: seller.slug,
        quantity,
        choices: [],
        substitution: 'best_match',
      });
      result.added.push({ service: seller.service, item: seller.slug, name: seller.name, quantity, unit: seller.unit });
    } catch (error) {
      // Sold out meanwhile, or the cart is full: the others still go in.
      if (!(error instanceof AppError)) throw error;
      result.skipped.push(ingredient.name);
    }
  }
  return result;
}
