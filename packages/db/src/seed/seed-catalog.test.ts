import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { items, providers } from '../schema/catalog.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { seedCatalogIfEmpty, seededId } from './seed-catalog.ts';
import { seedIfEmpty } from './seed-if-empty.ts';

type SeededIds = { providers: string[]; items: string[] };

const opened: TestDatabase[] = [];
const seedings: SeededIds[] = [];

// Two databases seeded one after the other (on PGlite each takes some seconds: the hook's time).
beforeAll(async () => {
  seedings.push(await seededIds());
  seedings.push(await seededIds());
});

afterAll(async () => {
  await Promise.all(opened.map((database) => database.destroy()));
});

async function seededIds(): Promise<SeededIds> {
  const database = await createTestDatabase(inject('testDatabaseUrl') || undefined);
  opened.push(database);
  await seedIfEmpty(database.db);
  await seedCatalogIfEmpty(database.db);
  const providerRows = await database.db
    .select({ id: providers.id, slug: providers.slug })
    .from(providers)
    .orderBy(asc(providers.slug));
  const itemRows = await database.db
    .select({ id: items.id, service: items.service, slug: items.slug })
    .from(items)
    .orderBy(asc(items.service), asc(items.slug));
  return { providers: providerRows.map((row) => row.id), items: itemRows.map((row) => row.id) };
}

describe('seedCatalogIfEmpty', () => {
  // Lists break their sort's ties by id: with random ids, each fresh database listed the items
  // of one shop in its own order, and e2e/page-weight.spec.ts weighed a different page each run.
  it('gives every provider and item the same id in every database it seeds', async () => {
    const [first, second] = seedings;
    expect(first?.providers.length).toBeGreaterThan(0);
    expect(first?.items.length).toBeGreaterThan(0);
    expect(second).toEqual(first);
  });

  it('names each by what it is and its slug', async () => {
    const database = opened[0];
    if (!database) throw new Error('no seeded database');
    const provider = await database.db.select({ id: providers.id, slug: providers.slug }).from(providers).limit(1);
    const item = await database.db
      .select({ id: items.id, service: items.service, slug: items.slug })
      .from(items)
      .limit(1);
    expect(provider[0]?.id).toBe(seededId('provider', provider[0]?.slug ?? ''));
    expect(item[0]?.id).toBe(seededId('item', `${item[0]?.service}:${item[0]?.slug}`));
  });
});
