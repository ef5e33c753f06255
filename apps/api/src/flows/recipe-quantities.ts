import { MAX_LINE_QUANTITY } from '@malewa/contracts/carts/cart';

/** Units that convert into each other, by their size in the base unit (grams, millilitres). */
const MEASURES: Readonly<Record<string, { base: 'g' | 'ml'; size: number }>> = {
  g: { base: 'g', size: 1 },
  kg: { base: 'g', size: 1000 },
  ml: { base: 'ml', size: 1 },
  l: { base: 'ml', size: 1000 },
};

/**
 * How much of a shop's item to buy for a recipe's ingredient at `servings`, in the item's unit
 * and a multiple of its step, never less than one step: 750 g of flour for 6 servings is 1 kg
 * sold by the kilo, 1.5 kg where the step is half a kilo; 3 eggs are 3 sold each. When the units
 * do not convert (a recipe's grams of a spice sold by the pack) or the recipe says "to taste",
 * one step: a pack, a bunch.
 */
export function quantityToBuy(
  ingredient: { quantityMilli: number | null; unit: string | null },
  recipeServings: number,
  servings: number,
  item: { unit: string; stepMilli: number },
): number {
  const step = item.stepMilli;
  let neededMilli: number | null = null;
  if (ingredient.quantityMilli !== null && ingredient.quantityMilli > 0) {
    const scaled = (ingredient.quantityMilli * servings) / Math.max(1, recipeServings);
    const from = ingredient.unit ? MEASURES[ingredient.unit] : undefined;
    const to = MEASURES[item.unit];
    if (from && to && from.base === to.base) neededMilli = (scaled * from.size) / to.size;
    else if (ingredient.unit === item.unit) neededMilli = scaled;
  }
  const steps = neededMilli === null ? 1 : Math.max(1, Math.ceil(neededMilli / step - 1e-9));
  const most = Math.floor((MAX_LINE_QUANTITY * 1000) / step);
  return (Math.min(steps, most) * step) / 1000;
}
