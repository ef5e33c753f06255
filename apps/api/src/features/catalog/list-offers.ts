import type { ListOffersResponse, Offer } from '@malewa/contracts/catalog/list-offers';
import { offerHoursOf } from '@malewa/contracts/offers/offer-hours';
import { pickText } from '#api/localized-text.ts';
import { type CatalogDeps, resolveScope, type ShopperContext } from './catalog-scope.ts';

/**
 * The service's offers running now in the shopper's market (docs/product/catalog.md, offers and
 * coupons): offers that apply by themselves and coupons with their codes, soonest to end first.
 * A coupon whose uses are spent, or an offer of a provider no longer active, is not shown. Each
 * says its hours of the day, and the items it is limited to (those shown in the storefront).
 */
export async function listOffers(
  deps: CatalogDeps,
  shopper: ShopperContext,
  service: string,
): Promise<ListOffersResponse> {
  const { scope, market } = await resolveScope(deps, shopper, service);
  const rows = await deps.catalog.activeOffers(scope);
  const named = new Map(
    (await deps.catalog.offerItems([...new Set(rows.flatMap(({ offer }) => offer.itemIds ?? []))])).map((item) => [
      item.id,
      { id: item.id, slug: item.slug, type: item.type, name: pickText(item.name, scope.languages) },
    ]),
  );
  const money = (amount: number) => ({ amount, currency: market.currency as Offer['minimumSubtotal']['currency'] });
  return {
    data: rows.map(({ offer, provider }) => ({
      id: offer.id,
      service: offer.service,
      kind: offer.kind,
      percent: offer.kind === 'percent' ? offer.value : null,
      amountOff: offer.kind === 'fixed' ? money(offer.value) : null,
      minimumSubtotal: money(offer.minimumSubtotal),
      title: offer.title ? pickText(offer.title, scope.languages) : null,
      startsAt: offer.startsAt.toISOString(),
      endsAt: offer.endsAt.toISOString(),
      code: offer.code,
      perShopperLimit: offer.perShopperLimit,
      remaining: offer.totalLimit === null ? null : Math.max(0, offer.totalLimit - offer.redemptions),
      provider: provider ? { id: provider.id, slug: provider.slug, name: provider.name } : null,
      hours: offerHoursOf(offer.hours),
      items: offer.itemIds ? offer.itemIds.flatMap((id) => named.get(id) ?? []) : null,
    })),
  };
}
