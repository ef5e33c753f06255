import { locations, marketplaces } from '@malewa/db/schema/locations';
import { outbox } from '@malewa/db/schema/messages';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import type { TestDatabase } from '@malewa/db/testing/test-database';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileDatabase } from '#api/testing/test-app.ts';
import {
  type Bind,
  boundRow,
  createPreparedStatements,
  type PreparedStatements,
  rowValues,
  type Values,
} from './prepared-statements-sql.ts';

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

  it('join an open transaction: its own writes seen inside, the statement kept for after', async () => {
    const run = createPreparedStatements();
    const name = (bind: Bind) =>
      database.db
        .select({ name: locations.name })
        .from(locations)
        .where(eq(locations.slug, bind('slug') as string));
    const named = async () => (await run('city_name', '', { slug: 'nairobi' }, name))[0]?.name;
    const before = await named();
    const renamed = `${before} (renamed in a transaction)`;
    // First made inside the transaction, the statement must run there, on its connection (the
    // rename is seen), and afterwards outside it, once the transaction's connection is given back.
    const undone = new Error('undo');
    await expect(
      database.transaction(async () => {
        await database.db.update(locations).set({ name: renamed }).where(eq(locations.slug, 'nairobi'));
        expect(await named()).toBe(renamed);
        throw undone;
      }),
    ).rejects.toBe(undone);
    expect(await named()).toBe(before);
    await database.transaction(async () => {
      expect(await named()).toBe(before);
    });
  });

  it('insert a row as the columns write it (a Date, a null, a number), prepared or not', async () => {
    const at = new Date('2026-11-30T09:30:00.000Z');
    for (const max of [1, 0]) {
      const run = createPreparedStatements(max);
      const message = {
        channel: 'email' as const,
        recipient: `prepared.${max}@example.com`,
        template: 'receipt',
        locale: 'sw',
        subject: 'Risiti',
        body: null,
        attempts: 2,
        nextAttemptAt: at,
      };
      const values = rowValues(outbox, message);
      const [inserted] = await run('test_insert', '', values, (bind) =>
        database.db
          .insert(outbox)
          .values(boundRow(outbox, values, bind))
          .returning({ id: outbox.id }),
      );
      const [row] = await database.db
        .select()
        .from(outbox)
        .where(eq(outbox.id, inserted?.id ?? ''));
      expect(row).toMatchObject({ ...message, sentAt: null });
      expect(row?.nextAttemptAt.toISOString()).toBe(at.toISOString());
      await database.db.delete(outbox).where(eq(outbox.id, inserted?.id ?? ''));
    }
    expect(() => rowValues(outbox, { notAColumn: 1 })).toThrow(/notAColumn/);
  });

  it('give the rows Drizzle gives: nested objects, decoded values, nulls, outer joins', async () => {
    // Cities with their markets, with a timestamp (decoded to a Date), an array, a computed
    // number mapped by Drizzle, a null (no city has a parent), JSON, nested objects and a key
    // that must be quoted in the mapper's code: as prepared (mapped once per statement,
    // row-mapper-sql.ts) and as Drizzle maps a statement run as it is.
    const parents = sql`(select p.slug from locations p where p.id = ${locations.parentId})`;
    const nested = (bind: Bind) =>
      database.db
        .select({
          slug: locations.slug,
          created: locations.createdAt,
          parent: sql<string | null>`${parents}`,
          place: {
            latitude: locations.latitude,
            currencies: marketplaces.currencies,
            'a "key"\\': marketplaces.countryCode,
            code: marketplaces.countryCode,
          },
          json: sql<{ slug: string }>`jsonb_build_object('slug', ${locations.slug}, 'n', 1)`,
          areas: sql<number>`(select count(*) from locations a where a.parent_id = ${locations.id})`.mapWith(Number),
        })
        .from(locations)
        .innerJoin(marketplaces, eq(marketplaces.countryCode, locations.countryCode))
        .where(eq(locations.kind, bind('kind') as 'city'))
        .orderBy(locations.slug);
    const parent = alias(locations, 'parent');
    const outer = (bind: Bind) =>
      database.db
        .select({ slug: locations.slug, parent: { slug: parent.slug } })
        .from(locations)
        .leftJoin(parent, eq(parent.id, locations.parentId))
        .where(eq(locations.kind, bind('kind') as 'city'))
        .orderBy(locations.slug);
    const run = createPreparedStatements();
    const values = { kind: 'city' };
    const expectDrizzleRows = async (shape: string, build: Parameters<PreparedStatements>[3]) => {
      const prepared = await run('mapped', shape, values, build);
      const asDrizzle = await build((name) => values[name as 'kind']);
      expect(prepared.length).toBeGreaterThan(10);
      expect(prepared).toEqual(asDrizzle);
      // Same keys in the same order: an answer made from a row reads as Drizzle's would.
      expect(prepared.map((row) => JSON.stringify(row))).toEqual(asDrizzle.map((row) => JSON.stringify(row)));
    };
    await expectDrizzleRows('nested', nested);
    await expectDrizzleRows('outer', outer);
    const [first] = await run('mapped', 'nested', values, nested);
    expect(first?.created).toBeInstanceOf(Date);
    expect(typeof first?.areas).toBe('number');
    expect(first?.place.currencies.length).toBeGreaterThan(0);
    expect(first?.json).toEqual({ slug: first?.slug, n: 1 });
  });
});
