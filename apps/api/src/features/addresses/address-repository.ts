import type { SavedAddress, SavedAddressInput } from '@malewa/contracts/addresses/saved-address';
import type { CountryCode } from '@malewa/contracts/markets';
import type { Db } from '@malewa/db/database';
import { savedAddresses } from '@malewa/db/schema/account-data';
import { locations, marketplaces } from '@malewa/db/schema/locations';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { PlaceLookups } from '#api/shopper-market.ts';

type Row = typeof savedAddresses.$inferSelect;

function present(row: Row): SavedAddress {
  return {
    id: row.id,
    label: row.label,
    countryCode: row.countryCode as CountryCode,
    isDefault: row.isDefault,
    recipient: row.recipient,
    phone: row.phone,
    line: row.line,
    area: row.area,
    city: row.city,
    ...(row.postalCode ? { postalCode: row.postalCode } : {}),
    latitude: row.latitude,
    longitude: row.longitude,
    ...(row.instructions ? { instructions: row.instructions } : {}),
  };
}

function columnsOf(input: Omit<SavedAddressInput, 'isDefault'>) {
  return {
    label: input.label,
    recipient: input.recipient,
    phone: input.phone,
    line: input.line,
    area: input.area,
    city: input.city,
    postalCode: input.postalCode || null,
    latitude: input.latitude,
    longitude: input.longitude,
    instructions: input.instructions || null,
  };
}

export function createAddressRepository(db: Db) {
  const lookups: PlaceLookups<{ countryCode: string; defaultLocale: string }> = {
    async market(countryCode) {
      const [row] = await db
        .select({ countryCode: marketplaces.countryCode, defaultLocale: marketplaces.defaultLocale })
        .from(marketplaces)
        .where(eq(marketplaces.countryCode, countryCode));
      return row;
    },
    async location(locationId) {
      const [row] = await db
        .select({ countryCode: locations.countryCode, latitude: locations.latitude, longitude: locations.longitude })
        .from(locations)
        .where(and(eq(locations.id, locationId), eq(locations.isActive, true)));
      return row;
    },
  };

  return {
    ...lookups,

    async list(userId: string, countryCode: string): Promise<SavedAddress[]> {
      const rows = await db
        .select()
        .from(savedAddresses)
        .where(and(eq(savedAddresses.userId, userId), eq(savedAddresses.countryCode, countryCode)))
        .orderBy(desc(savedAddresses.isDefault), desc(savedAddresses.createdAt), desc(savedAddresses.id));
      return rows.map(present);
    },

    /** How many addresses the shopper keeps, in every market. */
    async countOf(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(savedAddresses).where(eq(savedAddresses.userId, userId));
      return Number(row?.n ?? 0);
    },

    /** The shopper's address (another's is undefined), locked for a change. */
    async lockOwn(userId: string, id: string): Promise<Row | undefined> {
      const [row] = await db
        .select()
        .from(savedAddresses)
        .where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, userId)))
        .for('update');
      return row;
    },

    /** Whether the shopper has a default in the market; their addresses there locked meanwhile. */
    async hasDefault(userId: string, countryCode: string): Promise<boolean> {
      const rows = await db
        .select({ isDefault: savedAddresses.isDefault })
        .from(savedAddresses)
        .where(and(eq(savedAddresses.userId, userId), eq(savedAddresses.countryCode, countryCode)))
        .for('update');
      return rows.some((row) => row.isDefault);
    },

    async clearDefault(userId: string, countryCode: string): Promise<void> {
      await db
        .update(savedAddresses)
        .set({ isDefault: false })
        .where(
          and(
            eq(savedAddresses.userId, userId),
            eq(savedAddresses.countryCode, countryCode),
            eq(savedAddresses.isDefault, true),
          ),
        );
    },

    async insert(userId: string, countryCode: string, input: SavedAddressInput): Promise<SavedAddress> {
      const [row] = await db
        .insert(savedAddresses)
        .values({ userId, countryCode, ...columnsOf(input), isDefault: input.isDefault })
        .returning();
      if (!row) throw new Error('The address just saved is gone');
      return present(row);
    },

    async update(id: string, input: SavedAddressInput): Promise<SavedAddress> {
      const [row] = await db
        .update(savedAddresses)
        .set({ ...columnsOf(input), isDefault: input.isDefault, updatedAt: new Date() })
        .where(eq(savedAddresses.id, id))
        .returning();
      if (!row) throw new Error('The address just changed is gone');
      return present(row);
    },

    async remove(id: string): Promise<void> {
      await db.delete(savedAddresses).where(eq(savedAddresses.id, id));
    },

    /** After the default was forgotten: the newest address left in its market takes its place. */
    async promoteNewest(userId: string, countryCode: string, except: string): Promise<void> {
      const [newest] = await db
        .select({ id: savedAddresses.id })
        .from(savedAddresses)
        .where(
          and(
            eq(savedAddresses.userId, userId),
            eq(savedAddresses.countryCode, countryCode),
            ne(savedAddresses.id, except),
          ),
        )
        .orderBy(desc(savedAddresses.createdAt), desc(savedAddresses.id))
        .limit(1);
      if (newest) await db.update(savedAddresses).set({ isDefault: true }).where(eq(savedAddresses.id, newest.id));
    },
  };
}

export type AddressRepository = ReturnType<typeof createAddressRepository>;
