import type { TestDatabase } from '@malewa/db/testing/test-database';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../app-error.ts';
import { createAccountsRepository } from '../features/auth/accounts-repository.ts';
import { createShopRepository } from '../features/shops/shop-repository.ts';
import { bearer, signIn, signUp } from '../testing/accounts.ts';
import { placeOrderOf, twoKitchensNearby } from '../testing/orders.ts';
import { createTestOutbox } from '../testing/outbox.ts';
import { buildTestApp, createSeededDatabase } from '../testing/test-app.ts';
import { addProviderMember } from './add-provider-member.ts';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createSeededDatabase({ openAllDay: true });
  app = await buildTestApp(database);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

describe('making an account one of a shop’s people (npm run provider:member)', () => {
  it('lets it move that shop’s orders, and no other shop’s', async () => {
    const outbox = await createTestOutbox(database);
    const [kitchen, other] = await twoKitchensNearby(database);
    const deps = { accounts: createAccountsRepository(database.db), shops: createShopRepository(database.db) };
    await signUp(app, database, outbox, { identifier: 'new.cook@example.com', password: 'nyama-choma-2026' });
    const result = await addProviderMember(deps, {
      identifier: 'New.Cook@example.com',
      providerSlug: kitchen.providerSlug,
    });
    expect(result.identifier).toBe('new.cook@example.com');
    // Twice is harmless.
    await addProviderMember(deps, { identifier: 'new.cook@example.com', providerSlug: kitchen.providerSlug });

    // Roles are read at sign-in: a fresh session carries the provider role.
    const cook = bearer(await signIn(app, 'new.cook@example.com', 'nyama-choma-2026'));
    const shopper = {
      ...bearer(await signUp(app, database, outbox, { identifier: 'hungry@example.com' })),
      'x-store-id': 'KE',
    };
    const mine = await placeOrderOf(app, shopper, kitchen);
    const accept = (id: string) =>
      app.inject({
        method: 'POST',
        url: `/api/provider/orders/${id}/accept`,
        headers: cook,
        payload: { prepMinutes: 20 },
      });
    expect((await accept(mine.id)).statusCode).toBe(200);
    const theirs = await placeOrderOf(app, shopper, other);
    expect((await accept(theirs.id)).statusCode).toBe(404);
  });

  it('names what is missing: an unknown account or shop', async () => {
    const deps = { accounts: createAccountsRepository(database.db), shops: createShopRepository(database.db) };
    await expect(addProviderMember(deps, { identifier: 'nobody@example.com', providerSlug: 'x' })).rejects.toThrow(
      AppError,
    );
    await signUp(app, database, await createTestOutbox(database), { identifier: 'someone@example.com' });
    await expect(
      addProviderMember(deps, { identifier: 'someone@example.com', providerSlug: 'no-such-shop' }),
    ).rejects.toThrow(/no-such-shop/);
  });
});
