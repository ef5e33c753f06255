import type { WeeklyHours } from '@malewa/contracts/catalog/catalog-values';
import { PROVIDER_KINDS, SERVICE_IDS } from '@malewa/contracts/catalog/vocabulary';
import { APPLICATION_STATUSES, DOCUMENT_KINDS, DOCUMENT_TYPES } from '@malewa/contracts/join/join-rules';
import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../sql-checks.ts';
import { users } from './accounts.ts';
import { providers } from './catalog.ts';
import { locations, marketplaces } from './locations.ts';

// ─── Joining (issue 13) ──────────────────────────────────────────────────────────────────
// An account applies to join a service; an operator approves (a provider is made, the account
// runs it) or rejects with a reason. Documents are files outside the web root (DOCUMENTS_DIR),
// named by a random key; only operators read them.

export const providerApplications = pgTable(
  'provider_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    service: text('service', { enum: SERVICE_IDS }).notNull(),
    kind: text('kind', { enum: PROVIDER_KINDS }).notNull(),
    businessName: text('business_name').notNull(),
    contactName: text('contact_name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    countryCode: text('country_code')
      .notNull()
      .references(() => marketplaces.countryCode, { onDelete: 'restrict' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    area: text('area').notNull(),
    street: text('street').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    hours: jsonb('hours').$type<WeeklyHours>().notNull(),
    description: text('description').notNull(),
    /** The interface language the applicant wrote in: the description's language, and the messages'. */
    locale: text('locale').notNull(),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('submitted'),
    reason: text('reason'),
    providerId: uuid('provider_id').references(() => providers.id, { onDelete: 'set null' }),
    /** The applicant's address (through trusted proxies): one key of the sending limit. */
    clientIp: text('client_ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // One live application per account and service: a second is refused while the first is
    // waiting or has made a shop (a rejected one may be followed by a new one).
    uniqueIndex('provider_applications_one_live')
      .on(t.userId, t.service)
      .where(sql`${t.status} in ('submitted', 'approved')`),
    index('provider_applications_queue_idx').on(t.status, t.createdAt),
    index('provider_applications_client_ip_idx').on(t.clientIp, t.createdAt),
    index('provider_applications_user_idx').on(t.userId, t.createdAt),
    check('provider_applications_service_check', oneOf(t.service, SERVICE_IDS)),
    check('provider_applications_kind_check', oneOf(t.kind, PROVIDER_KINDS)),
    check('provider_applications_status_check', oneOf(t.status, APPLICATION_STATUSES)),
    check('provider_applications_latitude_range', sql`${t.latitude} between -90 and 90`),
    check('provider_applications_longitude_range', sql`${t.longitude} between -180 and 180`),
    check(
      'provider_applications_decided',
      sql`(${t.status} = 'submitted') = (${t.decidedAt} is null) and (${t.status} <> 'rejected' or ${t.reason} is not null)`,
    ),
  ],
);

export const applicationDocuments = pgTable(
  'application_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => providerApplications.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: DOCUMENT_KINDS }).notNull(),
    /** The name the applicant's device gave it, shown to operators only (never a path). */
    fileName: text('file_name').notNull(),
    contentType: text('content_type', { enum: DOCUMENT_TYPES }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    /** The file's random name in the document store. */
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('application_documents_storage_key').on(t.storageKey),
    index('application_documents_application_idx').on(t.applicationId),
    check('application_documents_kind_check', oneOf(t.kind, DOCUMENT_KINDS)),
    check('application_documents_type_check', oneOf(t.contentType, DOCUMENT_TYPES)),
    check('application_documents_size_positive', sql`${t.sizeBytes} > 0`),
  ],
);

/**
 * Every operator action (docs/product/providers.md, Audit log): who, when, what, on what, and the record before and
 * after. Append-only: a trigger (migration 0021) refuses updates and deletes, so no one edits
 * history, not even through the database account the API uses. The actor is kept by id and by
 * the identifier they signed in with, so an entry outlives the account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').notNull(),
    actorLabel: text('actor_label').notNull(),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_subject_idx').on(t.subjectType, t.subjectId, t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
  ],
);
