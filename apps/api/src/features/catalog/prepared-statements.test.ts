import { locations } from '@malewa/db/schema/locations';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { and, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileDatabase } from '../../testing/test-app.ts';
import { type Bind, createPreparedStatements, type Values } from './prepared-statements.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createFileDatabase();
  await seedIfEmpty(database.db);
});

afterAll(async () => {
  await database?.destroy();
});

/** The cities of a market, optionally only those in `slugs`: a statement of two shapes. */
function cities(values: Values) {
  return (bind: Bind) => {
    const where: SQL[] = [sql`${locations.countryCode} = ${bind('country')}`, sql`${locations.kind} = 'city'`];
    if (values.slugs !== undefined) where.push(sql`${locations.slug} = any(${bind('slugs')}::text[])`);
    return database.db
      .select({ slug: locations.slug })
      .from(locations)
      .where(and(...where))
      .orderBy(locations.slug)
      .limit(bind('limit') as number);
  };
}

async function slugsOf(run: ReturnType<typeof createPreparedStatements>, values: Values) {
  return (await run('cities', '', values, cities(values))).map((row) => row.slug);
}

describe('prepared statements', () => {
  it('run each shape with the values of each request, prepared or not', async () => {
    // One shape prepared; the second past the limit is made for each request and run as it is.
    const run = createPreparedStatements(1);
    expect(await slugsOf(run, { country: 'KE', limit: 10 })).toEqual(['kisumu', 'mombasa', 'nairobi']);
    expect(await slugsOf(run, { country: 'RW', limit: 10 })).toEqual(['huye', 'kigali', 'musanze']);
    expect(await slugsOf(run, { country: 'KE', limit: 1 })).toEqual(['kisumu']);
    expect(await slugsOf(run, { country: 'KE', limit: 10, slugs: ['nairobi', 'huye'] })).toEqual(['nairobi']);
    expect(await slugsOf(run, { country: 'KE', limit: 10, slugs: ['mombasa', 'kisumu'] })).toEqual([
      'kisumu',
      'mombasa',
    ]);
    expect(await slugsOf(run, { country: 'KE', limit: 10, slugs: [] })).toEqual([]);
  });

  it('refuse a statement whose builder asks for a value it was not given', async () => {
    const run = createPreparedStatements(0);
    await expect(
      run('cities', '', { country: 'KE' }, (bind) => cities({ country: 'KE', slugs: ['x'] })(bind)),
    ).rejects.toThrow(/slugs/);
  });
});
