import type { Db } from '@malewa/db/database';
import { providerMembers, providers } from '@malewa/db/schema/catalog';
import { locations } from '@malewa/db/schema/locations';
import { and, eq } from 'drizzle-orm';

/** A shop as the provider console's features need it: where it sells, what, and on which clock. */
export interface RunShop {
  id: string;
  service: (typeof providers.$inferSelect)['service'];
  countryCode: string;
  timeZone: string;
}

/**
 * The shop, when `userId` is one of its people (`provider_members`); undefined otherwise, which
 * every provider route answers with a 404. One query for the listings, offers and sales.
 */
export async function shopRunBy(db: Db, userId: string, shopId: string): Promise<RunShop | undefined> {
  const [row] = await db
    .select({
      id: providers.id,
      service: providers.service,
      countryCode: providers.countryCode,
      timeZone: locations.timezone,
    })
    .from(providers)
    .innerJoin(providerMembers, eq(providerMembers.providerId, providers.id))
    .innerJoin(locations, eq(locations.id, providers.locationId))
    .where(and(eq(providers.id, shopId), eq(providerMembers.userId, userId)));
  return row;
}
