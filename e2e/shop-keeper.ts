import { openDatabase } from '@malewa/db/database';
import { loadConfig } from '../apps/api/src/config.ts';
import { createAccountRepository } from '../apps/api/src/features/account/account-repository.ts';
import { createAccountsRepository } from '../apps/api/src/features/auth/accounts-repository.ts';
import { openPasswordAccount } from '../apps/api/src/features/auth/open-account.ts';
import { hashPassword } from '../apps/api/src/features/auth/passwords.ts';
import { createNotificationsRepository } from '../apps/api/src/features/notifications/notifications-repository.ts';
import { createShopRepository } from '../apps/api/src/features/shops/shop-repository.ts';
import { addProviderMember } from '../apps/api/src/flows/add-provider-member.ts';
import { E2E_SHOPKEEPER } from './shops.ts';

/**
 * The suite's shopkeeper (`E2E_SHOPKEEPER`): a confirmed account that runs one seeded kitchen,
 * made before the product starts, as `npm run provider:member` would make an existing account
 * one of a shop's people. Tests of the shop's own pages (its order board) sign in as it and
 * order from its kitchen, instead of applying, being approved and listing a meal first.
 */
const config = loadConfig(process.env);
const database = openDatabase(config.database);
try {
  const accounts = createAccountsRepository(database.db);
  const [existing] = await accounts.findByIdentifiers([E2E_SHOPKEEPER.identifier]);
  if (!existing) {
    await openPasswordAccount(
      {
        accounts,
        credit: createAccountRepository(database.db),
        notices: createNotificationsRepository(database.db),
        transaction: database.transaction,
      },
      {
        user: { name: 'Lerato', surname: 'Kitchen', email: E2E_SHOPKEEPER.identifier, phone: null, market: 'ZA' },
        credential: {
          kind: 'email',
          identifier: E2E_SHOPKEEPER.identifier,
          passwordHash: await hashPassword(E2E_SHOPKEEPER.password),
          verifiedAt: new Date(),
        },
      },
    );
  }
  await addProviderMember(
    { accounts, shops: createShopRepository(database.db) },
    { identifier: E2E_SHOPKEEPER.identifier, providerSlug: E2E_SHOPKEEPER.shop },
  );
} finally {
  await database.close();
}
