import type { Rider } from '@malewa/contracts/delivery/rider';
import type { Vehicle } from '@malewa/contracts/delivery/vocabulary';
import type { Db } from '@malewa/db/database';
import { credentials, users } from '@malewa/db/schema/accounts';
import { providers } from '@malewa/db/schema/catalog';
import { deliveryJobs, riderShops, riders } from '@malewa/db/schema/delivery';
import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';

/** A rider as the delivery services need them. */
export interface RiderRow {
  id: string;
  userId: string;
  firstName: string;
  shopId: string | null;
  shopName: string | null;
  locationId: string | null;
  vehicle: Vehicle;
  onShift: boolean;
  suspendedAt: Date | null;
  latitude: number | null;
  longitude: number | null;
  positionAt: Date | null;
}

const riderColumns = {
  id: riders.id,
  userId: riders.userId,
  firstName: users.name,
  shopId: riders.shopId,
  shopName: providers.name,
  locationId: riders.locationId,
  vehicle: riders.vehicle,
  onShift: riders.onShift,
  suspendedAt: riders.suspendedAt,
  latitude: riders.latitude,
  longitude: riders.longitude,
  positionAt: riders.positionAt,
};

/** The outer rider of a correlated subquery: Drizzle leaves a one-table select's columns unqualified. */
const outerRider = sql.raw('"riders"."id"');

/** Busy: on a job that is taken and not yet handed over. */
const busy = sql<boolean>`exists (select 1 from ${deliveryJobs} where ${deliveryJobs.riderId} = ${outerRider} and ${deliveryJobs.status} in ('assigned', 'picked_up'))`;

/**
 * The riders' one writer (`riders`, `rider_shops`): a shop's own riders, the marketplace's
 * fleet, shifts and last positions. A shop's queries are scoped to the shop.
 */
export function createRiderRepository(db: Db) {
  async function listWhere(where: SQL | undefined, order: SQL[]): Promise<Rider[]> {
    const rows = await db
      .select({
        id: riders.id,
        firstName: users.name,
        surname: users.surname,
        vehicle: riders.vehicle,
        onShift: riders.onShift,
        shopId: riders.shopId,
        locationId: riders.locationId,
        suspendedAt: riders.suspendedAt,
        suspendReason: riders.suspendReason,
        busy,
        contact: sql<
          string | null
        >`(select ${credentials.identifier} from ${credentials} where ${credentials.userId} = ${riders.userId} order by ${credentials.kind} limit 1)`,
      })
      .from(riders)
      .innerJoin(users, eq(users.id, riders.userId))
      .where(where)
      .orderBy(...order);
    const assigned =
      rows.length === 0
        ? []
        : await db
            .select()
            .from(riderShops)
            .where(
              inArray(
                riderShops.riderId,
                rows.map((row) => row.id),
              ),
            );
    return rows.map((row) => ({
      id: row.id,
      firstName: row.firstName,
      name: `${row.firstName} ${row.surname}`.trim(),
      contact: row.contact,
      vehicle: row.vehicle,
      onShift: row.onShift,
      shopId: row.shopId,
      locationId: row.locationId,
      shopIds: assigned.filter((entry) => entry.riderId === row.id).map((entry) => entry.shopId),
      suspended:
        row.suspendedAt === null ? null : { at: row.suspendedAt.toISOString(), reason: row.suspendReason ?? '' },
      busy: Boolean(row.busy),
    }));
  }

  /** Riders who may deliver for a shop: its own, and the fleet's serving it or its city. */
  function servingShop(shop: { id: string; locationId: string }): SQL {
    return or(
      eq(riders.shopId, shop.id),
      and(
        isNull(riders.shopId),
        or(
          eq(riders.locationId, shop.locationId),
          sql`exists (select 1 from ${riderShops} where ${riderShops.riderId} = ${outerRider} and ${riderShops.shopId} = ${shop.id})`,
        ),
      ),
    ) as SQL;
  }

  return {
    servingShop,

    async riderOfUser(userId: string): Promise<RiderRow | undefined> {
      const [row] = await db
        .select(riderColumns)
        .from(riders)
        .innerJoin(users, eq(users.id, riders.userId))
        .leftJoin(providers, eq(providers.id, riders.shopId))
        .where(eq(riders.userId, userId));
      return row;
    },

    async riderById(riderId: string): Promise<RiderRow | undefined> {
      const [row] = await db
        .select(riderColumns)
        .from(riders)
        .innerJoin(users, eq(users.id, riders.userId))
        .leftJoin(providers, eq(providers.id, riders.shopId))
        .where(eq(riders.id, riderId));
      return row;
    },

    /** Locks the rider's row: a shift change and a job taken never cross. */
    async lockRider(riderId: string): Promise<void> {
      await db.select({ id: riders.id }).from(riders).where(eq(riders.id, riderId)).for('update');
    },

    async isBusy(riderId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: deliveryJobs.id })
        .from(deliveryJobs)
        .where(and(eq(deliveryJobs.riderId, riderId), inArray(deliveryJobs.status, ['assigned', 'picked_up'])));
      return row !== undefined;
    },

    /** A new rider; undefined when the account already rides (for a shop or the fleet). */
    async addRider(input: {
      userId: string;
      shopId: string | null;
      locationId: string | null;
      vehicle: Vehicle;
      shopIds: readonly string[];
    }): Promise<string | undefined> {
      const [row] = await db
        .insert(riders)
        .values({ userId: input.userId, shopId: input.shopId, locationId: input.locationId, vehicle: input.vehicle })
        .onConflictDoNothing({ target: riders.userId })
        .returning({ id: riders.id });
      if (!row) return undefined;
      if (input.shopIds.length > 0) {
        await db.insert(riderShops).values(input.shopIds.map((shopId) => ({ riderId: row.id, shopId })));
      }
      return row.id;
    },

    /** Deletes one of a shop's own riders; the account id when it was one. */
    async removeShopRider(shopId: string, riderId: string): Promise<string | undefined> {
      const [row] = await db
        .delete(riders)
        .where(and(eq(riders.id, riderId), eq(riders.shopId, shopId)))
        .returning({ userId: riders.userId });
      return row?.userId;
    },

    async listForShop(shop: { id: string; locationId: string }): Promise<Rider[]> {
      return listWhere(servingShop(shop), [sql`${riders.shopId} is null`, asc(users.name), asc(riders.id)]);
    },

    async listAll(): Promise<Rider[]> {
      return listWhere(undefined, [sql`${riders.shopId} is not null`, asc(users.name), asc(riders.id)]);
    },

    async listOne(riderId: string): Promise<Rider | undefined> {
      const [rider] = await listWhere(eq(riders.id, riderId), []);
      return rider;
    },

    async setSuspension(riderId: string, suspension: { at: Date; reason: string } | null): Promise<void> {
      await db
        .update(riders)
        .set(
          suspension
            ? { suspendedAt: suspension.at, suspendReason: suspension.reason, onShift: false }
            : { suspendedAt: null, suspendReason: null },
        )
        .where(eq(riders.id, riderId));
    },

    async setShift(riderId: string, onShift: boolean): Promise<void> {
      await db.update(riders).set({ onShift }).where(eq(riders.id, riderId));
    },

    /** Where the rider is, unless a newer position (by the phone's time) is already known. */
    async setPosition(riderId: string, position: { latitude: number; longitude: number; at: Date }): Promise<void> {
      await db
        .update(riders)
        .set({ latitude: position.latitude, longitude: position.longitude, positionAt: position.at })
        .where(and(eq(riders.id, riderId), or(isNull(riders.positionAt), sql`${riders.positionAt} < ${position.at}`)));
    },

    /** Shops that exist among `ids`: a fleet rider is assigned only to real shops. */
    async existingShops(ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: providers.id })
        .from(providers)
        .where(inArray(providers.id, [...ids]));
      return rows.map((row) => row.id);
    },

    /** Where a shop is (its city), for the riders who serve it. */
    async shopPlace(shopId: string): Promise<{ id: string; locationId: string } | undefined> {
      const [row] = await db
        .select({ id: providers.id, locationId: providers.locationId })
        .from(providers)
        .where(eq(providers.id, shopId));
      return row;
    },
  };
}

export type RiderRepository = ReturnType<typeof createRiderRepository>;
