import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { items, providers } from '../schema/catalog.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { seedCatalogIfEmpty } from './seed-catalog.ts';
import { seedIfEmpty } from './seed-if-empty.ts';
import { seedLargeCatalog } from './seed-large.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase(inject('testDatabaseUrl') || undefined);
  await seedIfEmpty(database.db);
  await seedCatalogIfEmpty(database.db);
});

afterAll(async () => {
  await database?.destroy();
});

describe('seedLargeCatalog', () => {
  it('grows the catalog with branches named as such to at least the items asked, and again only when short', async () => {
    const [before] = await database.db.select({ n: count() }).from(items);
    const target = Number(before?.n) + 500;
    const grown = await seedLargeCatalog(database.db, { items: target });
    expect(grown.items).toBeGreaterThanOrEqual(target);
    expect(grown.providers).toBeGreaterThan(0);
    const [branches] = await database.db
      .select({ n: count() })
      .from(providers)
      .where(like(providers.name, '%, branch %'));
    expect(Number(branches?.n)).toBe(grown.providers);
    const [secondBranchItems] = await database.db
      .select({ n: count() })
      .from(items)
      .innerJoin(providers, eq(providers.id, items.providerId))
      .where(like(providers.slug, '%-branch-2'));
    expect(Number(secondBranchItems?.n)).toBeGreaterThan(0);
    // Asked again for no more than it holds, it adds nothing (and vacuums nothing).
    expect(await seedLargeCatalog(database.db, { items: target })).toEqual({ providers: 0, items: grown.items });
  });
});
