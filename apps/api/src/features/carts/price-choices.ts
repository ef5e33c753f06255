import type { ItemOption, LocalizedText } from '@malewa/contracts/catalog/catalog-values';

export type ChoiceCheck =
  | { ok: true; unitPriceMinor: number; chosen: { option: LocalizedText; choice: LocalizedText; priceMinor: number }[] }
  | { ok: false; problem: string };

/**
 * The price of one unit of an item with the shopper's choices, or why the choices do not fit
 * the item's options: every option answered within its minimum and maximum (a required option
 * at least once), no choice twice, no index outside the option. The catalog's prices only;
 * nothing the shopper sends is a price.
 */
export function priceChoices(
  basePriceMinor: number,
  options: readonly ItemOption[],
  choices: readonly number[][],
): ChoiceCheck {
  if (choices.length > options.length) return { ok: false, problem: 'This item has fewer options than that' };
  let unitPriceMinor = basePriceMinor;
  const chosen: { option: LocalizedText; choice: LocalizedText; priceMinor: number }[] = [];
  for (const [index, option] of options.entries()) {
    const picked = choices[index] ?? [];
    const label = option.name.en ?? Object.values(option.name)[0] ?? `option ${index + 1}`;
    const min = Math.max(option.min, option.required ? 1 : 0);
    if (picked.length < min) return { ok: false, problem: `Choose ${label}` };
    if (picked.length > option.max) return { ok: false, problem: `Choose at most ${option.max} of ${label}` };
    if (new Set(picked).size !== picked.length) return { ok: false, problem: `A choice of ${label} is there twice` };
    for (const choiceIndex of picked) {
      const choice = option.choices[choiceIndex];
      if (!choice) return { ok: false, problem: `${label} has no such choice` };
      unitPriceMinor += choice.price;
      chosen.push({ option: option.name, choice: choice.name, priceMinor: choice.price });
    }
  }
  return { ok: true, unitPriceMinor, chosen };
}

/**
 * A quantity in the item's unit as thousandths, or null when it is not a positive multiple of
 * the item's step (3 plates, 1.5 kg in steps of 0.5; not 2.5 plates, not 0.3 kg).
 */
export function quantityInMilli(quantity: number, stepMilli: number): number | null {
  const milli = Math.round(quantity * 1000);
  if (milli <= 0 || Math.abs(milli - quantity * 1000) > 1e-6) return null;
  return milli % stepMilli === 0 ? milli : null;
}
