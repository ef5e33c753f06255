import { count } from 'drizzle-orm';
import type { Db } from '../database.ts';
import { locations, marketplaces } from '../schema/locations.ts';
import { CITIES, MARKETPLACES } from './reference-data.ts';

export interface SeedResult {
  seeded: boolean;
  marketplaces: number;
  locations: number;
}

/**
 * Fills an empty database with the markets and their cities. A database that already has
 * marketplaces is left alone, so operators' edits are never overwritten on restart.
 */
export async function seedIfEmpty(db: Db): Promise<SeedResult> {
  return db.transaction(async () => {
    const [existing] = await db.select({ n: count() }).from(marketplaces);
    if ((existing?.n ?? 0) > 0) return { seeded: false, marketplaces: 0, locations: 0 };

    await db.insert(marketplaces).values(MARKETPLACES.map((m) => ({ ...m, currencies: [...m.currencies] })));
    const timezoneOf = new Map(MARKETPLACES.map((m) => [m.countryCode, m.timezone]));
    const inserted = await db
      .insert(locations)
      .values(
        CITIES.map((c) => ({
          ...c,
          kind: 'city' as const,
          timezone: timezoneOf.get(c.countryCode) ?? 'UTC',
        })),
      )
      .returning({ id: locations.id });
    return { seeded: true, marketplaces: MARKETPLACES.length, locations: inserted.length };
  });
}
