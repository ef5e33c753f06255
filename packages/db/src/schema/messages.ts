import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Email, SMS and Web Push messages waiting to be sent (push: `recipient` is the subscription's
 * id, `body` the notification's JSON). The worker in the API process claims due rows;
 * once sent, the body (which may hold a code or a link) is erased.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: ['email', 'sms', 'push'] }).notNull(),
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    locale: text('locale').notNull(),
    subject: text('subject').notNull(),
    body: text('body'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    // Dead letters, newest first: counted on every metrics scrape, listed for operators, among
    // a month of sent messages.
    index('outbox_dead_idx').on(t.failedAt.desc(), t.id.desc()).where(sql`${t.failedAt} is not null`),
    check('outbox_channel_check', sql`${t.channel} in ('email', 'sms', 'push')`),
  ],
);
