import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The messages a person waits for at the screen that asked for them (a sign-up's code, the note
 * sent in its place when the address already has an account, a reset link): sent before any
 * other that is due, so an evening's order notices never hold up a code. Written into the SQL of
 * `outbox_codes_due_idx` and of the claim alike, so that the index serves the claim.
 */
export const CODE_TEMPLATES = ['confirm', 'already-registered', 'already-registered-social', 'reset'] as const;

/** `template in ('confirm', …)`, as literals: a bound list would not match the index's predicate. */
export const isCodeTemplate = sql.raw(`template in (${CODE_TEMPLATES.map((name) => `'${name}'`).join(', ')})`);

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
    index('outbox_codes_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null and ${isCodeTemplate}`),
    // Dead letters, newest first: counted on every metrics scrape, listed for operators, among
    // a month of sent messages.
    index('outbox_dead_idx').on(t.failedAt.desc(), t.id.desc()).where(sql`${t.failedAt} is not null`),
    // The hourly prune finds a month's old sent messages by it, 5,000 a batch (deleteFinished),
    // instead of scanning every message the outbox holds for each batch.
    index('outbox_sent_idx').on(t.sentAt).where(sql`${t.sentAt} is not null`),
    check('outbox_channel_check', sql`${t.channel} in ('email', 'sms', 'push')`),
  ],
);
