import type { AuditEntry } from '@malewa/contracts/operator/list-audit-log';
import type { Db } from '@malewa/db/database';
import { auditLog } from '@malewa/db/schema/join';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';

/** An operator action as a flow records it, inside the transaction that does it. */
export interface AuditRecord {
  actorId: string;
  actorLabel: string;
  action: string;
  subjectType: string;
  subjectId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  at: Date;
}

/** The audit log's owner: it appends and reads; nothing here (or anywhere) updates or deletes. */
export function createAuditRepository(db: Db) {
  return {
    async record(entries: readonly AuditRecord[]): Promise<void> {
      if (entries.length > 0) await db.insert(auditLog).values([...entries]);
    },

    async list(filter: {
      subjectType: string | undefined;
      subjectId: string | undefined;
      offset: number;
      limit: number;
    }): Promise<{ entries: AuditEntry[]; total: number }> {
      const conditions: SQL[] = [];
      if (filter.subjectType) conditions.push(eq(auditLog.subjectType, filter.subjectType));
      if (filter.subjectId) conditions.push(eq(auditLog.subjectId, filter.subjectId));
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db.select({ total: count() }).from(auditLog).where(where),
      ]);
      return {
        entries: rows.map((row) => ({
          id: row.id,
          actor: { id: row.actorId, label: row.actorLabel },
          action: row.action,
          subjectType: row.subjectType,
          subjectId: row.subjectId,
          before: row.before ?? null,
          after: row.after ?? null,
          at: row.at.toISOString(),
        })),
        total: counted?.total ?? 0,
      };
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
