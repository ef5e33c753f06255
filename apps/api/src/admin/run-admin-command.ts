import type { RunAdminCommandRequest, RunAdminCommandResponse } from '@malewa/contracts/admin/run-admin-command';
import type { Database } from '@malewa/db/database';
import { seedCatalogIfEmpty } from '@malewa/db/seed/seed-catalog';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import type { AuthConfig } from '../config.ts';
import { createAccountRepository } from '../features/account/account-repository.ts';
import { createAccountsRepository } from '../features/auth/accounts-repository.ts';
import { createOperator } from '../features/auth/create-operator.ts';
import { createNotificationsRepository } from '../features/notifications/notifications-repository.ts';
import { createShopRepository } from '../features/shops/shop-repository.ts';
import { addProviderMember } from '../flows/add-provider-member.ts';

export interface AdminDeps {
  database: Database;
  auth: AuthConfig;
}

/**
 * What `createOperator` is given: the accounts, and the owners of what a new account opens
 * with (its store credit, its welcome), as app.ts wires them for registrations.
 */
export function operatorCommandDeps(database: Database, auth: AuthConfig) {
  return {
    accounts: createAccountsRepository(database.db),
    credit: createAccountRepository(database.db),
    notices: createNotificationsRepository(database.db),
    config: auth,
    transaction: database.transaction,
  };
}

/** A new operator's account needs a password the command did not send yet. */
class PasswordNeeded extends Error {}

/**
 * The admin commands, run on an open database: by the running product for a command that
 * reached it through its admin channel, or by the command itself when nothing runs.
 */
export async function runAdminCommand(
  deps: AdminDeps,
  request: RunAdminCommandRequest,
): Promise<RunAdminCommandResponse> {
  const { database } = deps;
  switch (request.command) {
    case 'create-operator': {
      try {
        const result = await createOperator(operatorCommandDeps(database, deps.auth), {
          identifier: request.identifier,
          password: async () => {
            if (request.password === undefined) throw new PasswordNeeded();
            return request.password;
          },
        });
        return {
          messages: [
            result.outcome === 'created'
              ? `Created the operator ${result.identifier}; sign in with that password.`
              : `${result.identifier} is an operator now (the password is unchanged).`,
          ],
        };
      } catch (error) {
        if (error instanceof PasswordNeeded) return { messages: [], needsPassword: true };
        throw error;
      }
    }
    case 'add-provider-member': {
      const result = await addProviderMember(
        { accounts: createAccountsRepository(database.db), shops: createShopRepository(database.db) },
        { identifier: request.identifier, providerSlug: request.shop },
      );
      return {
        messages: [
          `${result.identifier} now runs ${result.shop}: sign in again, then move its orders at /api/provider/orders.`,
        ],
      };
    }
    case 'migrate': {
      await database.migrate();
      const messages = [`Migrations applied (${database.kind}).`];
      if (request.seed) {
        const places = await seedIfEmpty(database.db);
        messages.push(
          places.seeded
            ? `Seeded ${places.marketplaces} marketplaces and ${places.locations} locations.`
            : 'The database already has markets: none seeded.',
        );
        const catalog = await seedCatalogIfEmpty(database.db);
        messages.push(
          catalog.seeded
            ? `Seeded ${catalog.providers} providers, ${catalog.items} items and ${catalog.offers} offers.`
            : 'The database already has a catalog: none seeded.',
        );
      }
      return { messages };
    }
    case 'backup': {
      await database.backup(request.file);
      return {
        messages: [
          `Backed up the ${database.kind === 'pglite' ? 'embedded database' : 'database'} to ${request.file}.`,
        ],
      };
    }
  }
}
