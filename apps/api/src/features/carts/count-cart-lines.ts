import type { CartLineCounts } from '@malewa/contracts/carts/count-cart-lines';
import { SERVICE_IDS } from '@malewa/contracts/catalog/vocabulary';
import type { CartRepository } from './cart-repository.ts';
import { type CartShopper, cartScope } from './cart-shopper.ts';

/** The lines of each of the shopper's carts in their market; nothing for a guest without a token. */
export async function countCartLines(deps: { carts: CartRepository }, shopper: CartShopper): Promise<CartLineCounts> {
  const scope = await cartScope(deps, shopper);
  if (!scope.owner) return { lineCount: 0, services: [] };
  const counts = await deps.carts.lineCounts(scope.owner, scope.market.countryCode);
  const services = SERVICE_IDS.flatMap((service) => {
    const lineCount = counts.get(service) ?? 0;
    return lineCount > 0 ? [{ service, lineCount }] : [];
  });
  return { lineCount: services.reduce((sum, entry) => sum + entry.lineCount, 0), services };
}
