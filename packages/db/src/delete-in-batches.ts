import { and, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './database.ts';

/** Rows a pruning statement deletes at most: one statement stays well inside the statement time-out. */
export const DELETE_BATCH = 5_000;

/**
 * Deletes the rows of `table` that `where` picks, `batch` at a time, each batch a statement of
 * its own, until a batch comes back short; how many. A backlog of millions (the first pruning
 * of an old database, or after pruning was down) in one statement would run past the statement
 * time-out, fail every hour and only grow, and bring every id back in one array. Another
 * process pruning at the same time can make a batch short early: the rest goes an hour later.
 */
export async function deleteInBatches(
  db: Db,
  table: PgTable,
  id: AnyPgColumn,
  where: SQL | undefined,
  batch = DELETE_BATCH,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const rows = await db
      .delete(table)
      // `where` outside the subquery too: a row another transaction changes while this waits on
      // it is deleted only if it still matches (PostgreSQL re-checks the outer condition alone).
      .where(and(where, sql`${id} in (select ${id} from ${table} where ${where ?? sql`true`} limit ${batch})`))
      .returning({ id });
    deleted += rows.length;
    if (rows.length < batch) return deleted;
  }
}
