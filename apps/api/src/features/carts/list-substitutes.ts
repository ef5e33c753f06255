import type { SubstitutesOfLine } from '@malewa/contracts/carts/list-substitutes';
import type { ServiceId } from '@malewa/contracts/catalog/vocabulary';
import { AppError } from '#api/app-error.ts';
import { pickText } from '#api/localized-text.ts';
import { type CartShopper, cartScope, writingOwner } from './cart-shopper.ts';
import type { CartDeps } from './get-cart.ts';

/**
 * The items a line's shop could pack instead of its item, for the shopper to name one ("this
 * one instead"). Only the owner's line is found.
 */
export async function listSubstitutes(
  deps: CartDeps,
  shopper: CartShopper,
  service: ServiceId,
  lineId: string,
): Promise<SubstitutesOfLine> {
  const scope = await cartScope(deps, shopper);
  const owner = writingOwner(scope);
  const line = await deps.transaction(() => deps.carts.ownLine(owner, service, scope.market.countryCode, lineId));
  if (!line) throw new AppError('NOT_FOUND', 'This line is not in your cart');
  const rows = await deps.carts.substitutesFor(line);
  const money = (amount: number) =>
    ({ amount, currency: scope.market.currency }) as SubstitutesOfLine['substitutes'][number]['price'];
  return {
    line: { id: line.id, name: pickText(line.itemName, scope.languages) },
    substitutes: rows.map((row) => ({
      slug: row.slug,
      name: pickText(row.name, scope.languages),
      price: money(row.priceMinor),
      unit: row.unit,
      images: row.images.slice(0, 1),
    })),
  };
}
