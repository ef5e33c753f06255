import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Messages shoppers and providers send through the contact page, kept for the support team. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    topic: text('topic', {
      enum: ['order', 'delivery', 'payment', 'partnership', 'food-safety', 'account', 'other'],
    }).notNull(),
    message: text('message').notNull(),
    /** The interface language the sender wrote from, so that the answer comes in it. */
    locale: text('locale'),
    /** The sender's address (through trusted proxies): the key of the sending limit. */
    clientIp: text('client_ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contact_messages_client_ip_created_at_idx').on(t.clientIp, t.createdAt),
    index('contact_messages_created_at_idx').on(t.createdAt),
    check('contact_messages_reachable', sql`${t.email} is not null or ${t.phone} is not null`),
    check(
      'contact_messages_topic_check',
      sql`${t.topic} in ('order', 'delivery', 'payment', 'partnership', 'food-safety', 'account', 'other')`,
    ),
  ],
);

// ─── Accounts (issue 4) ──────────────────────────────────────────────────────────────────
// A user is a person; a credential is one way to sign in with an identifier and a password
// (an email address or an E.164 phone number). An identity is a sign-in through an OpenID
// provider, keyed by (provider, subject): never by email, so it is never merged by email
// (docs/decisions/0011). A user has a credential, identities, or both.
