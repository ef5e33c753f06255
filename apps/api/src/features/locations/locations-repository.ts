import type { Location, LocationInput } from '@malewa/contracts/locations/location';
import type { Db } from '@malewa/db/database';
import { locations, marketplaces } from '@malewa/db/schema/locations';
import { sqlState } from '@malewa/db/sql-state';
import { asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { AppError } from '#api/app-error.ts';

export type LocationSortField = 'name' | 'slug' | 'countryCode' | 'createdAt' | 'updatedAt';

export interface LocationListQuery {
  offset: number;
  limit: number;
  sortBy: LocationSortField | undefined;
  order: 'asc' | 'desc';
  searchKeyword: string | undefined;
}

/** What the service has decided to store: slug and time zone are settled. */
export type LocationRecord = Required<Omit<LocationInput, 'slug' | 'timezone'>> & { slug: string; timezone: string };

const SORT_COLUMNS = {
  name: locations.name,
  slug: locations.slug,
  countryCode: locations.countryCode,
  createdAt: locations.createdAt,
  updatedAt: locations.updatedAt,
} as const;

const selection = {
  id: locations.id,
  slug: locations.slug,
  name: locations.name,
  kind: locations.kind,
  parentId: locations.parentId,
  countryCode: locations.countryCode,
  currencies: marketplaces.currencies,
  timezone: locations.timezone,
  latitude: locations.latitude,
  longitude: locations.longitude,
  isActive: locations.isActive,
  createdAt: locations.createdAt,
  updatedAt: locations.updatedAt,
};

type Row = typeof locations.$inferSelect & { currencies: string[] };

function toLocation(row: Row): Location {
  return {
    ...row,
    countryCode: row.countryCode as Location['countryCode'],
    currencies: row.currencies as Location['currencies'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Constraint violations are the caller's conflict, not a server failure. */
function rethrowConstraint(error: unknown): never {
  switch (sqlState(error)) {
    case '23505':
      throw new AppError('CONFLICT', 'A location with this slug already exists.', {
        fields: { slug: ['This slug is already used by another location.'] },
        cause: error,
      });
    // An ON DELETE RESTRICT violation is 23503 or 23001 (restrict_violation) depending on the server:
    // PostgreSQL 15 says the former, PGlite the latter.
    case '23503':
    case '23001':
      throw new AppError(
        'CONFLICT',
        'This conflicts with related locations: a parent that does not exist, or areas that still belong to it.',
        {
          cause: error,
        },
      );
    default:
      throw error;
  }
}

/** `%` and `_` typed by a shopper are letters, not wildcards. */
function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function createLocationsRepository(db: Db) {
  return {
    async list(query: LocationListQuery): Promise<{ items: Location[]; total: number }> {
      const where: SQL | undefined = query.searchKeyword
        ? or(
            ilike(locations.name, likePattern(query.searchKeyword)),
            ilike(locations.slug, likePattern(query.searchKeyword)),
          )
        : undefined;
      const direction = query.order === 'desc' ? desc : asc;
      const primary = direction(SORT_COLUMNS[query.sortBy ?? 'name']);
      // The id breaks ties so that pages never overlap or skip rows.
      const rows = await db
        .select(selection)
        .from(locations)
        .innerJoin(marketplaces, eq(marketplaces.countryCode, locations.countryCode))
        .where(where)
        .orderBy(primary, asc(locations.id))
        .limit(query.limit)
        .offset(query.offset);
      const [counted] = await db.select({ total: count() }).from(locations).where(where);
      return { items: rows.map(toLocation), total: counted?.total ?? 0 };
    },

    async findById(id: string): Promise<Location | undefined> {
      const [row] = await db
        .select(selection)
        .from(locations)
        .innerJoin(marketplaces, eq(marketplaces.countryCode, locations.countryCode))
        .where(eq(locations.id, id));
      return row ? toLocation(row) : undefined;
    },

    async countAreas(cityId: string): Promise<number> {
      const [counted] = await db.select({ total: count() }).from(locations).where(eq(locations.parentId, cityId));
      return counted?.total ?? 0;
    },

    async findMarketplace(countryCode: string) {
      const [row] = await db.select().from(marketplaces).where(eq(marketplaces.countryCode, countryCode));
      return row;
    },

    async insert(record: LocationRecord, at: Date): Promise<string> {
      const [row] = await db
        .insert(locations)
        .values({ ...record, createdAt: at, updatedAt: at })
        .returning({ id: locations.id })
        .catch(rethrowConstraint);
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },

    async update(id: string, record: LocationRecord, at: Date): Promise<boolean> {
      const updated = await db
        .update(locations)
        .set({ ...record, updatedAt: at })
        .where(eq(locations.id, id))
        .returning({ id: locations.id })
        .catch(rethrowConstraint);
      return updated.length > 0;
    },

    async remove(id: string): Promise<boolean> {
      const removed = await db
        .delete(locations)
        .where(eq(locations.id, id))
        .returning({ id: locations.id })
        .catch(rethrowConstraint);
      return removed.length > 0;
    },
  };
}

export type LocationsRepository = ReturnType<typeof createLocationsRepository>;
