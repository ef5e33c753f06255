import type { Role } from '@malewa/contracts/auth/roles';
import type { Db } from '@malewa/db/database';
import { credentials, identities, userRoles, users } from '@malewa/db/schema/accounts';
import { sqlState } from '@malewa/db/sql-state';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { createPreparedStatements } from '#api/prepared-statements-sql.ts';

export type UserRow = typeof users.$inferSelect;
export type CredentialRow = typeof credentials.$inferSelect;

export interface Account {
  user: UserRow;
  /** Null for an account that signs in only through social providers. */
  credential: CredentialRow | null;
  roles: Role[];
}

/** An account that signs in with an identifier and a password. */
export type PasswordAccount = Account & { credential: CredentialRow };

export function hasPassword(account: Account): account is PasswordAccount {
  return account.credential !== null;
}

/** What a registration confirms: the password and profile of the registration that sent the code. */
export interface PendingRegistration {
  passwordHash: string;
  name: string;
  surname: string;
  email: string | null;
  phone: string | null;
  locale: string;
}

/** What a confirmation does to the account: a registration's or a new identifier's. */
export interface Confirmation {
  credentialId: string;
  purpose: 'register' | 'verify' | 'change-identifier';
  identifier: string;
  pending: PendingRegistration | null;
}

/**
 * The accounts: `users`, their `credentials` (identifier and password) and `user_roles`. What
 * an account opens with beyond these (store credit, a welcome) is its owners' (open-account.ts).
 */
export function createAccountsRepository(db: Db) {
  // Every checkout asks for the shopper's contact: built once (decision 25).
  const prepared = createPreparedStatements();
  /** One query for a whole account, so that a known identifier costs as much as an unknown one. */
  function selectAccounts() {
    return (
      db
        .select({
          user: users,
          credential: credentials,
          // Spelled out: a correlated subquery must name the outer table itself.
          roles: sql<
            Role[]
          >`coalesce((select array_agg(ur.role order by ur.role) from user_roles ur where ur.user_id = "users"."id"), '{}')`,
        })
        .from(users)
        // Left: an account opened through a social provider has no credential.
        .leftJoin(credentials, eq(credentials.userId, users.id))
    );
  }

  /** Prepared: every signed-in page's header reads the account (decision 25). */
  async function accountOf(userId: string): Promise<Account | undefined> {
    const [row] = await prepared('account', '', { userId }, (bind) =>
      selectAccounts().where(eq(users.id, bind('userId') as string)),
    );
    return row;
  }

  /** A new user with the customer role, every account's start. */
  async function insertUser(values: typeof users.$inferInsert): Promise<string> {
    const [user] = await db.insert(users).values(values).returning({ id: users.id });
    if (!user) throw new Error('insert returned no row');
    await db.insert(userRoles).values({ userId: user.id, role: 'customer' });
    return user.id;
  }

  return {
    accountOf: (userId: string) => accountOf(userId),

    /** The accounts whose credential has one of `identifiers` (several only for an ambiguous phone). */
    async findByIdentifiers(identifiers: string[]): Promise<PasswordAccount[]> {
      if (identifiers.length === 0) return [];
      return (await selectAccounts().where(inArray(credentials.identifier, identifiers))).filter(hasPassword);
    },

    /**
     * A new account that signs in with an identifier and a password: the user, the customer
     * role and the credential. Undefined when the identifier was taken meanwhile (nothing of it
     * is kept: a savepoint within the caller's transaction).
     */
    async createAccount(input: {
      user: typeof users.$inferInsert;
      credential: Omit<typeof credentials.$inferInsert, 'userId'>;
    }): Promise<PasswordAccount | undefined> {
      try {
        return await db.transaction(async () => {
          const userId = await insertUser(input.user);
          await db.insert(credentials).values({ ...input.credential, userId });
          const account = await accountOf(userId);
          if (!account || !hasPassword(account)) throw new Error('the new account is missing');
          return account;
        });
      } catch (error) {
        if (sqlState(error) === '23505') return undefined;
        throw error;
      }
    },

    /** A new account without a credential (it signs in through a provider: identity-repository.ts). */
    async createUser(user: typeof users.$inferInsert): Promise<string> {
      return insertUser(user);
    },

    /**
     * A further registration of an unconfirmed account: its password replaces the earlier
     * registration's (a confirmed credential keeps its own).
     */
    async replacePendingPassword(credentialId: string, passwordHash: string): Promise<void> {
      await db
        .update(credentials)
        .set({ passwordHash })
        .where(and(eq(credentials.id, credentialId), isNull(credentials.verifiedAt)));
    },

    /**
     * Does what a confirmation confirms: a new identifier becomes the credential's (and the
     * user's email or phone), a registration's password and profile become the account's, and
     * the credential is confirmed. 'taken' when a new identifier belongs to another account by
     * now (nothing changed); undefined when the credential is gone.
     */
    async confirm(
      confirmation: Confirmation,
      now: Date,
    ): Promise<{ account: PasswordAccount; wasConfirmed: boolean } | 'taken' | undefined> {
      try {
        return await db.transaction(async () => {
          const [credential] = await db.select().from(credentials).where(eq(credentials.id, confirmation.credentialId));
          if (!credential) return undefined;
          if (confirmation.purpose === 'change-identifier') {
            const kind = confirmation.identifier.includes('@') ? 'email' : 'phone';
            await db
              .update(credentials)
              .set({ identifier: confirmation.identifier, kind, verifiedAt: now, updatedAt: now })
              .where(eq(credentials.id, credential.id));
            await db
              .update(users)
              .set({ [kind]: confirmation.identifier, updatedAt: now })
              .where(eq(users.id, credential.userId));
          } else {
            const pending = confirmation.pending;
            await db
              .update(credentials)
              .set({
                verifiedAt: credential.verifiedAt ?? now,
                updatedAt: now,
                ...(pending ? { passwordHash: pending.passwordHash, passwordChangedAt: now } : {}),
              })
              .where(eq(credentials.id, credential.id));
            if (pending) {
              const { passwordHash: _secret, ...profile } = pending;
              await db
                .update(users)
                .set({ ...profile, updatedAt: now })
                .where(eq(users.id, credential.userId));
            }
          }
          const account = await accountOf(credential.userId);
          if (!account || !hasPassword(account)) throw new Error('the confirmed account is missing');
          return { account, wasConfirmed: credential.verifiedAt !== null };
        });
      } catch (error) {
        if (sqlState(error) === '23505') return 'taken';
        throw error;
      }
    },

    /** A new password; `confirm` (a reset: the link reached its owner) also confirms the identifier. */
    async setPassword(credentialId: string, passwordHash: string, now: Date, confirm: boolean): Promise<void> {
      await db
        .update(credentials)
        .set({
          passwordHash,
          passwordChangedAt: now,
          updatedAt: now,
          ...(confirm ? { verifiedAt: sql`coalesce(${credentials.verifiedAt}, ${now})` } : {}),
        })
        .where(eq(credentials.id, credentialId));
    },

    /**
     * Where to tell the account about its orders, in its language: its verified sign-in
     * identifier (email or phone), else a verified email a social provider gave; none otherwise.
     */
    async contactOf(userId: string): Promise<{ identifier: string; locale: string } | undefined> {
      // One round trip (every checkout asks): a verified credential, else a verified sign-in email.
      const [user] = await prepared('contact', '', { userId }, (bind) =>
        db
          .select({
            locale: users.locale,
            credential: sql<
              string | null
            >`(select ${credentials.identifier} from ${credentials} where ${and(eq(credentials.userId, users.id), isNotNull(credentials.verifiedAt))} limit 1)`,
            email: sql<
              string | null
            >`(select ${identities.email} from ${identities} where ${and(eq(identities.userId, users.id), eq(identities.emailVerified, true), isNotNull(identities.email))} limit 1)`,
          })
          .from(users)
          .where(eq(users.id, bind('userId') as string)),
      );
      if (!user) return undefined;
      const identifier = user.credential ?? user.email;
      return identifier ? { identifier, locale: user.locale } : undefined;
    },

    async updateProfile(userId: string, profile: Partial<typeof users.$inferInsert>): Promise<Account | undefined> {
      await db.update(users).set(profile).where(eq(users.id, userId));
      return accountOf(userId);
    },

    async identifierTaken(identifier: string): Promise<boolean> {
      const [row] = await db
        .select({ id: credentials.id })
        .from(credentials)
        .where(eq(credentials.identifier, identifier));
      return row !== undefined;
    },

    /** Gives an account a role. */
    async grantRole(userId: string, role: Role): Promise<void> {
      await db.insert(userRoles).values({ userId, role }).onConflictDoNothing();
    },

    /** Takes a role back (never `customer`, everyone's). */
    async revokeRole(userId: string, role: Exclude<Role, 'customer'>): Promise<void> {
      await db.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)));
    },

    async confirmCredential(credentialId: string, now: Date): Promise<void> {
      await db
        .update(credentials)
        .set({ verifiedAt: sql`coalesce(${credentials.verifiedAt}, ${now})` })
        .where(eq(credentials.id, credentialId));
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
