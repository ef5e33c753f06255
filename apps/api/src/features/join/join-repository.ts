import type { ServiceId } from '@malewa/contracts/catalog/vocabulary';
import type { ApplicationStatus, DocumentKind } from '@malewa/contracts/join/join-rules';
import type { Db } from '@malewa/db/database';
import { providers } from '@malewa/db/schema/catalog';
import { applicationDocuments, providerApplications } from '@malewa/db/schema/join';
import { locations } from '@malewa/db/schema/locations';
import { sqlState } from '@malewa/db/sql-state';
import { and, count, desc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { StoredDocument } from './document-store.ts';

/** What the service has decided to store for a new application. */
export type ApplicationRecord = Omit<
  typeof providerApplications.$inferInsert,
  'id' | 'status' | 'reason' | 'providerId' | 'decidedAt' | 'decidedBy'
>;

export type NewDocument = StoredDocument & { kind: DocumentKind; fileName: string };

/** A stored document of an application, as the repository reads it. */
export type DocumentRow = typeof applicationDocuments.$inferSelect;

/** An application row with what pages show beside it. */
export type ApplicationRow = typeof providerApplications.$inferSelect & {
  cityName: string;
  providerSlug: string | null;
};

const selection = {
  application: providerApplications,
  cityName: locations.name,
  providerSlug: providers.slug,
};

function rowsToRecords(
  rows: { application: typeof providerApplications.$inferSelect; cityName: string; providerSlug: string | null }[],
): ApplicationRow[] {
  return rows.map(({ application, cityName, providerSlug }) => ({ ...application, cityName, providerSlug }));
}

export interface QueueFilter {
  status: ApplicationStatus | undefined;
  service: ServiceId | undefined;
  searchKeyword: string | undefined;
  offset: number;
  limit: number;
}

export function createJoinRepository(db: Db) {
  /** Applications with their city's name and the shop each made. */
  const base = () =>
    db
      .select(selection)
      .from(providerApplications)
      .innerJoin(locations, eq(locations.id, providerApplications.locationId))
      .leftJoin(providers, eq(providers.id, providerApplications.providerId));

  return {
    /** The city an application names, when it is an active city. */
    async findCity(id: string) {
      const [city] = await db
        .select({
          id: locations.id,
          name: locations.name,
          countryCode: locations.countryCode,
          latitude: locations.latitude,
          longitude: locations.longitude,
        })
        .from(locations)
        .where(and(eq(locations.id, id), eq(locations.kind, 'city'), eq(locations.isActive, true)));
      return city;
    },

    /** How many applications an account, and an address, sent since a moment: the sending limits' counts. */
    async countRecent(
      userId: string,
      clientIp: string,
      since: Date,
    ): Promise<{ byAccount: number; byAddress: number }> {
      const [row] = await db
        .select({
          byAccount: sql<number>`count(*) filter (where ${providerApplications.userId} = ${userId})`.mapWith(Number),
          byAddress: sql<number>`count(*) filter (where ${providerApplications.clientIp} = ${clientIp})`.mapWith(
            Number,
          ),
        })
        .from(providerApplications)
        .where(
          and(
            gt(providerApplications.createdAt, since),
            or(eq(providerApplications.userId, userId), eq(providerApplications.clientIp, clientIp)),
          ),
        );
      return { byAccount: row?.byAccount ?? 0, byAddress: row?.byAddress ?? 0 };
    },

    /** The account's application to this service that is waiting or has made a shop. */
    async findLive(userId: string, service: ServiceId) {
      const [row] = await db
        .select({ id: providerApplications.id, status: providerApplications.status })
        .from(providerApplications)
        .where(
          and(
            eq(providerApplications.userId, userId),
            eq(providerApplications.service, service),
            inArray(providerApplications.status, ['submitted', 'approved']),
          ),
        );
      return row;
    },

    /**
     * Stores the application and its documents in one transaction; 'duplicate' when the
     * account already has a live application to this service (the unique index decides, so
     * two simultaneous sends make one application).
     */
    async insert(record: ApplicationRecord, documents: readonly NewDocument[]): Promise<string | 'duplicate'> {
      try {
        return await db.transaction(async () => {
          const [row] = await db.insert(providerApplications).values(record).returning({ id: providerApplications.id });
          if (!row) throw new Error('insert returned no row');
          if (documents.length > 0) {
            await db
              .insert(applicationDocuments)
              .values(documents.map((document) => ({ ...document, applicationId: row.id })));
          }
          return row.id;
        });
      } catch (error) {
        if (sqlState(error) === '23505') return 'duplicate';
        throw error;
      }
    },

    async byId(id: string): Promise<ApplicationRow | undefined> {
      const rows = rowsToRecords(await base().where(eq(providerApplications.id, id)));
      return rows[0];
    },

    /** Locks an application for a decision, with its city's name; undefined when there is none by that id. */
    async lockForDecision(id: string) {
      const [row] = await db
        .select({ application: providerApplications, cityName: locations.name })
        .from(providerApplications)
        .innerJoin(locations, eq(locations.id, providerApplications.locationId))
        .where(eq(providerApplications.id, id))
        .for('update', { of: providerApplications });
      return row && { ...row.application, cityName: row.cityName };
    },

    async decide(
      id: string,
      decision: {
        status: 'approved' | 'rejected';
        reason: string | null;
        providerId: string | null;
        by: string;
        at: Date;
      },
    ): Promise<void> {
      await db
        .update(providerApplications)
        .set({
          status: decision.status,
          reason: decision.reason,
          providerId: decision.providerId,
          decidedBy: decision.by,
          decidedAt: decision.at,
        })
        .where(eq(providerApplications.id, id));
    },

    async mine(userId: string): Promise<ApplicationRow[]> {
      return rowsToRecords(
        await base().where(eq(providerApplications.userId, userId)).orderBy(desc(providerApplications.createdAt)),
      );
    },

    /** The operators' queue: oldest waiting first, or the filtered history newest first. */
    async queue(filter: QueueFilter): Promise<{ rows: ApplicationRow[]; total: number }> {
      const conditions: SQL[] = [];
      if (filter.status) conditions.push(eq(providerApplications.status, filter.status));
      if (filter.service) conditions.push(eq(providerApplications.service, filter.service));
      if (filter.searchKeyword) {
        const pattern = `%${filter.searchKeyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(
          sql`(${providerApplications.businessName} ilike ${pattern} or ${providerApplications.email} ilike ${pattern} or ${providerApplications.phone} ilike ${pattern})`,
        );
      }
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const order =
        filter.status === 'submitted' ? providerApplications.createdAt : desc(providerApplications.createdAt);
      const [rows, [counted]] = await Promise.all([
        base().where(where).orderBy(order).limit(filter.limit).offset(filter.offset),
        db.select({ total: count() }).from(providerApplications).where(where),
      ]);
      return { rows: rowsToRecords(rows), total: counted?.total ?? 0 };
    },

    async documentsOf(ids: readonly string[]) {
      if (ids.length === 0) return [];
      return db.select().from(applicationDocuments).where(inArray(applicationDocuments.applicationId, ids));
    },

    async document(applicationId: string, documentId: string) {
      const [row] = await db
        .select()
        .from(applicationDocuments)
        .where(and(eq(applicationDocuments.applicationId, applicationId), eq(applicationDocuments.id, documentId)));
      return row;
    },
  };
}

export type JoinRepository = ReturnType<typeof createJoinRepository>;
