import { createHash } from 'node:crypto';
import { outsideTransaction, transactionClient } from '@malewa/db/unit-of-work';
import { getTableColumns, type Param, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { compileRowMapper, type SelectedField } from './row-mapper-sql.ts';

/**
 * Hot statements are prepared: made once per shape, then run with each request's values
 * (decision 25). Building such a statement's SQL took a list request more time than reading its
 * rows, and parsing and planning it on the database as much again. The catalog's reads began it;
 * the cart's and checkout's statements run inside transactions, on the transaction's connection.
 *
 * A statement reads every request value through a placeholder named as the value. The builder
 * gets a `bind` that gives a placeholder when the statement is being prepared, and the value
 * itself when it is run as a statement of its own (past MAX_STATEMENTS shapes). What the SQL is
 * made of must be decided by the shape alone: the key says which values are present, never
 * what they are (except what the caller puts in `shape` on purpose, such as a market's code
 * written into the SQL).
 */

/** A value as a statement reads it: a placeholder, the value, or an array as one parameter. */
export type Bound = Placeholder | Param | SQL | string | number | boolean | null;

export type Bind = (name: string) => Bound;

export type Values = Record<string, string | number | boolean | null | readonly string[] | undefined>;

interface Statement {
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

interface Preparable<Row> extends PromiseLike<Row[]> {
  toSQL(): { sql: string };
  prepare(name: string): Statement;
}

/**
 * Shapes past this many (only a flood of odd filter combinations makes so many) are made for
 * their request and run unprepared: a connection keeps every statement it prepared.
 */
const MAX_STATEMENTS = 512;

/** `bind` for a statement run as it is: each value itself, an array as one parameter. */
export function bindValues(values: Values): Bind {
  return (name) => {
    const value = values[name];
    if (value === undefined) throw new Error(`statement value ${name} is not given`);
    return Array.isArray(value) ? sql.param(value) : (value as string | number | boolean | null);
  };
}

/**
 * A row to insert, as a prepared statement's values: each given column's value as the column
 * itself writes it (a Date as text, JSON as text), since a placeholder's value skips that.
 * Which columns are given is part of the statement's key.
 */
export function rowValues(table: PgTable, row: Record<string, unknown>): Values {
  const columns = getTableColumns(table);
  const values: Values = {};
  for (const [key, value] of Object.entries(row)) {
    if (value === undefined) continue;
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column of the table`);
    values[key] = value === null ? null : (column.mapToDriverValue(value) as Values[string]);
  }
  return values;
}

/** The values clause of an insert of `rowValues`: each column read through `bind`, as written. */
export function boundRow<T extends PgTable>(_table: T, values: Values, bind: Bind): T['$inferInsert'] {
  const row: Record<string, SQL> = {};
  for (const key of Object.keys(values)) row[key] = sql`${bind(key)}`;
  return row as T['$inferInsert'];
}

const placeholders: Bind = (name) => sql.placeholder(name);

/** The names of the values present: part of every key. */
function present(values: Values): string {
  return Object.keys(values)
    .filter((name) => values[name] !== undefined)
    .sort()
    .join(',');
}

/** What a Drizzle prepared query keeps of its selection (drizzle-orm 0.45, node-postgres and PGlite alike). */
interface PreparedInternals {
  fields?: readonly SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: unknown;
}

/** The statement maps its rows with a mapper compiled for its selection (row-mapper-sql.ts). */
function mapRowsOnce(statement: object): void {
  const internals = statement as PreparedInternals;
  if (!internals.fields || internals.customResultMapper) return;
  const mapper = compileRowMapper(internals.fields, internals.joinsNotNullableMap);
  if (mapper) internals.customResultMapper = mapper;
}

export function createPreparedStatements(max = MAX_STATEMENTS) {
  const statements = new Map<string, Statement>();

  return async function run<Row>(
    kind: string,
    shape: string,
    values: Values,
    build: (bind: Bind) => Preparable<Row>,
  ): Promise<Row[]> {
    const key = `${kind} ${shape} ${present(values)}`;
    let statement = statements.get(key);
    if (!statement && statements.size < max) {
      // Made on the database handle, never on a transaction that happens to be open: the
      // statement outlives it.
      statement = outsideTransaction(() => {
        const query = build(placeholders);
        // Named by its text: one name, one statement, on every connection that prepares it.
        const name = `${kind}_${createHash('sha256').update(query.toSQL().sql).digest('base64url').slice(0, 20)}`;
        const made = query.prepare(name);
        mapRowsOnce(made);
        return made;
      });
      statements.set(key, statement);
    }
    if (!statement) return build(bindValues(values));
    const client = transactionClient();
    if (!client) return (await statement.execute(values)) as Row[];
    // Inside a transaction, the same statement runs on the transaction's connection: Drizzle's
    // prepared query reads its client from `this.client` when it runs.
    const joined = Object.create(statement, { client: { value: client } }) as Statement;
    return (await joined.execute(values)) as Row[];
  };
}

export type PreparedStatements = ReturnType<typeof createPreparedStatements>;
