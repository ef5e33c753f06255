import type { ContactTopic } from '@malewa/contracts/contact/contact-topics';
import type { Db } from '@malewa/db/database';
import { contactMessages } from '@malewa/db/schema/contact';
import { and, desc, eq, gt, sql } from 'drizzle-orm';

/** What the service has decided to store. */
export interface ContactMessageRecord {
  name: string;
  email: string | null;
  phone: string | null;
  topic: ContactTopic;
  message: string;
  locale: string | null;
  clientIp: string;
  createdAt: Date;
}

export type LimitedInsert =
  | { outcome: 'stored'; id: string; createdAt: Date }
  /** `oldestCounted`: the earliest of the messages that fill the limit; the wait ends when it leaves the window. */
  | { outcome: 'limited'; oldestCounted: Date };

export function createContactRepository(db: Db) {
  return {
    /**
     * Stores the message unless its address has already sent `max` since `since`. The count
     * and the insert happen under a lock on that address, so that simultaneous sends cannot
     * slip past the limit; the messages themselves are the counter, so the limit holds across
     * API processes and restarts without a shared cache.
     */
    async insertWithinLimit(record: ContactMessageRecord, limit: { since: Date; max: number }): Promise<LimitedInsert> {
      return db.transaction(async () => {
        await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`contact:${record.clientIp}`}, 0))`);
        const recent = await db
          .select({ createdAt: contactMessages.createdAt })
          .from(contactMessages)
          .where(and(eq(contactMessages.clientIp, record.clientIp), gt(contactMessages.createdAt, limit.since)))
          .orderBy(desc(contactMessages.createdAt))
          .limit(limit.max);
        const oldestCounted = recent[limit.max - 1]?.createdAt;
        if (oldestCounted) return { outcome: 'limited', oldestCounted };
        const [row] = await db
          .insert(contactMessages)
          .values(record)
          .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
        if (!row) throw new Error('insert returned no row');
        return { outcome: 'stored', ...row };
      });
    },
  };
}

export type ContactRepository = ReturnType<typeof createContactRepository>;
