import { ROLES } from '@malewa/contracts/auth/roles';
import { GENDERS } from '@malewa/contracts/auth/user';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { oneOf } from '../sql-checks.ts';
import { marketplaces } from './locations.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    email: text('email'),
    phone: text('phone'),
    gender: text('gender', { enum: GENDERS }),
    bio: text('bio'),
    /** A calendar date (YYYY-MM-DD), no time zone. */
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    avatarUrl: text('avatar_url'),
    /** The interface language messages to this user are written in. */
    locale: text('locale').notNull().default('en'),
    /** The marketplace (country) whose currency the user's credit is kept in. */
    market: text('market')
      .notNull()
      .references(() => marketplaces.countryCode, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('users_gender_check', oneOf(t.gender, GENDERS))],
);

export const credentials = pgTable(
  'credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['email', 'phone'] }).notNull(),
    /** A lower-cased email address or an E.164 phone number. */
    identifier: text('identifier').notNull(),
    /** argon2id (PHC string). */
    passwordHash: text('password_hash').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credentials_identifier_key').on(t.identifier),
    uniqueIndex('credentials_user_id_key').on(t.userId),
    check('credentials_kind_check', sql`${t.kind} in ('email', 'phone')`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ROLES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] }), check('user_roles_role_check', oneOf(t.role, ROLES))],
);

/**
 * One sign-in (a refresh-token family). The current access token's hash lives here, so that
 * revoking the session ends the access token at once; spent refresh tokens stay in
 * `refresh_tokens` so that a second use is recognised and revokes the whole session.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessTokenHash: text('access_token_hash').notNull(),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    /** The session can never outlive this, however often it is refreshed. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    clientIp: text('client_ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastRefreshedAt: timestamp('last_refreshed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sessions_access_token_hash_key').on(t.accessTokenHash),
    index('sessions_user_id_idx').on(t.userId),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the token was exchanged; a second exchange after the grace window is reuse. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /**
     * The pair this token was exchanged for, sealed (AES-256-GCM) with a key derived from this
     * token itself, which is stored only hashed: a simultaneous exchange of the same token
     * within the grace window gets the same pair back, and nobody holding the database can.
     */
    successorSealed: text('successor_sealed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_session_id_idx').on(t.sessionId),
  ],
);

/**
 * Confirmation of an identifier: a 6-digit code (valid only with `identifier`) and a link
 * token, both stored hashed. `purpose` 'register' carries the registration's password hash
 * and profile in `pending`, applied on confirmation, so that whoever confirms gets the
 * password of the registration that sent them the code. 'change-identifier' moves the
 * credential to `identifier` on confirmation.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    credentialId: uuid('credential_id')
      .notNull()
      .references(() => credentials.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['register', 'verify', 'change-identifier'] }).notNull(),
    identifier: text('identifier').notNull(),
    codeHash: text('code_hash').notNull(),
    linkTokenHash: text('link_token_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    pending: jsonb('pending').$type<Record<string, unknown>>(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * The registering browser's sign-in token (SHA-256): confirming with it as well as the
     * code or link signs that browser in, without the password typed again.
     */
    signInTokenHash: text('sign_in_token_hash'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('verification_codes_link_token_hash_key').on(t.linkTokenHash),
    index('verification_codes_identifier_idx').on(t.identifier, t.createdAt),
    check('verification_codes_purpose_check', sql`${t.purpose} in ('register', 'verify', 'change-identifier')`),
  ],
);

export const resetTokens = pgTable(
  'reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    credentialId: uuid('credential_id')
      .notNull()
      .references(() => credentials.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reset_tokens_token_hash_key').on(t.tokenHash)],
);

/**
 * A provider account (Google, Facebook, …) connected to a user. The provider's subject names
 * the person; the email is only what the provider said at the last sign-in.
 */
export const identities = pgTable(
  'identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The provider's name in the API's configuration (no check: a new provider needs no migration). */
    provider: text('provider').notNull(),
    /** The ID token's `sub`: stable and unique per provider (per app, for Facebook). */
    subject: text('subject').notNull(),
    /** Lower-cased. */
    email: text('email'),
    /** The provider's `email_verified`; false when it did not say. */
    emailVerified: boolean('email_verified').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('identities_provider_subject_key').on(t.provider, t.subject),
    // One account of each provider per user, so that "disconnect Google" is unambiguous.
    uniqueIndex('identities_user_id_provider_key').on(t.userId, t.provider),
    index('identities_email_idx').on(t.email).where(sql`${t.emailVerified}`),
  ],
);

/**
 * A social sign-in begun and not finished: 10 minutes, single use. Only hashes are kept: the
 * state is looked up by its hash, and the browser's flow token (from which the PKCE verifier
 * and the nonce are derived) is checked against its hash, so a copy of this table can
 * finish no one's sign-in.
 */
export const socialFlows = pgTable(
  'social_flows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    stateHash: text('state_hash').notNull(),
    flowTokenHash: text('flow_token_hash').notNull(),
    /** The storefront's callback URL the provider was told; the token request repeats it. */
    redirectUri: text('redirect_uri').notNull(),
    intent: text('intent', { enum: ['sign-in', 'link'] }).notNull(),
    /** For 'link': the signed-in user the provider account is to be connected to. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    market: text('market').notNull(),
    returnTo: text('return_to'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('social_flows_state_hash_key').on(t.stateHash),
    index('social_flows_expires_at_idx').on(t.expiresAt),
    check('social_flows_intent_check', sql`${t.intent} in ('sign-in', 'link')`),
    check('social_flows_link_has_user', sql`${t.intent} <> 'link' or ${t.userId} is not null`),
  ],
);
