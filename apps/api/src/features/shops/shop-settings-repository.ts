import type { ShopSettings } from '@malewa/contracts/provider/shop-settings';
import type { Db } from '@malewa/db/database';
import { providerMembers, providers } from '@malewa/db/schema/catalog';
import { locations } from '@malewa/db/schema/locations';
import { and, eq, sql } from 'drizzle-orm';

const selection = {
  hours: providers.hours,
  deliveryRadiusKm: providers.deliveryRadiusKm,
  deliveryFeeBase: providers.deliveryFeeBase,
  deliveryFeePerKm: providers.deliveryFeePerKm,
  freeDeliveryAbove: providers.freeDeliveryAbove,
  minimumOrder: providers.minimumOrder,
  prepMinutes: providers.prepMinutes,
  paused: providers.paused,
  closedDates: providers.closedDates,
  vatNumber: providers.vatNumber,
  legalName: providers.legalName,
  countryCode: providers.countryCode,
  timeZone: locations.timezone,
};

/** A shop's settings, read and written only through a shop the caller is a member of. */
export function createShopSettingsRepository(db: Db) {
  return {
    async of(
      userId: string,
      shopId: string,
    ): Promise<
      | (ShopSettings & { vatNumber: string | null; legalName: string | null; countryCode: string; timeZone: string })
      | undefined
    > {
      const [row] = await db
        .select(selection)
        .from(providers)
        .innerJoin(providerMembers, eq(providerMembers.providerId, providers.id))
        .innerJoin(locations, eq(locations.id, providers.locationId))
        .where(and(eq(providers.id, shopId), eq(providerMembers.userId, userId)));
      return row;
    },

    async update(shopId: string, settings: ShopSettings): Promise<void> {
      await db
        .update(providers)
        .set({ ...settings, updatedAt: sql`now()` })
        .where(eq(providers.id, shopId));
    },
  };
}

export type ShopSettingsRepository = ReturnType<typeof createShopSettingsRepository>;
