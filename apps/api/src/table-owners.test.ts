import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as accountData from '@malewa/db/schema/account-data';
import * as accounts from '@malewa/db/schema/accounts';
import * as carts from '@malewa/db/schema/carts';
import * as catalog from '@malewa/db/schema/catalog';
import * as contact from '@malewa/db/schema/contact';
import * as delivery from '@malewa/db/schema/delivery';
import * as join_ from '@malewa/db/schema/join';
import * as ledger from '@malewa/db/schema/ledger';
import * as locations from '@malewa/db/schema/locations';
import * as messages from '@malewa/db/schema/messages';
import * as notifications from '@malewa/db/schema/notifications';
import * as orders from '@malewa/db/schema/orders';
import * as payments from '@malewa/db/schema/payments';
import * as problems from '@malewa/db/schema/problems';
import * as wallet from '@malewa/db/schema/wallet';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';

/**
 * Each table has one owner: one module of the API writes it (inserts, updates, deletes), and a
 * write that concerns another owner's table goes through that owner's repository, called by a
 * flow or through a port the owner's feature is wired to (decision 20). This test reads the API's
 * code and fails when a table gains a second writing module, or when ARCHITECTURE.md ("Who owns
 * which table") names another writer than the code has. The seed (`packages/db/src/seed/`) and
 * test fixtures (`testing/`) write anything and are not read.
 */
const root = fileURLToPath(new URL('.', import.meta.url));
const architecture = fileURLToPath(new URL('../../../ARCHITECTURE.md', import.meta.url));

/** Table names by the name their schema module exports them under. */
const TABLES = new Map<string, string>();
for (const schema of [
  accountData,
  accounts,
  carts,
  catalog,
  contact,
  delivery,
  join_,
  ledger,
  locations,
  messages,
  notifications,
  orders,
  payments,
  problems,
  wallet,
]) {
  for (const [name, value] of Object.entries(schema)) {
    if (is(value, PgTable)) TABLES.set(name, getTableName(value));
  }
}
const TABLE_NAMES = new Set(TABLES.values());

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The module a file belongs to: its feature, or its top-level folder (`messages`, `flows`). */
function moduleOf(file: string): string {
  const parts = relative(root, file).split('/');
  return parts[0] === 'features' ? `features/${parts[1]}` : parts.length > 1 ? (parts[0] ?? file) : file;
}

/**
 * The tables a file writes: through Drizzle's builders (`db.update(items)`), or in SQL it
 * writes out, by name (`delete from sessions`) or through the schema's table
 * (`insert into ${retiredPhotos}`).
 */
export function tablesWrittenBy(source: string): Set<string> {
  const written = new Set<string>();
  const byExport = (name: string | undefined) => {
    const table = TABLES.get(name ?? '');
    if (table) written.add(table);
  };
  for (const match of source.matchAll(/\.(?:insert|update|delete)\(\s*([A-Za-z_][\w]*)\s*\)/g)) byExport(match[1]);
  const statement = /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+/.source;
  for (const match of source.matchAll(new RegExp(`${statement}\\$\\{\\s*([A-Za-z_][\\w]*)\\s*\\}`, 'gi'))) {
    byExport(match[1]);
  }
  for (const match of source.matchAll(new RegExp(`${statement}"?([a-z_]+)"?`, 'gi'))) {
    const table = match[1]?.toLowerCase() ?? '';
    if (TABLE_NAMES.has(table)) written.add(table);
  }
  return written;
}

function writersByTable(): Map<string, Set<string>> {
  const writers = new Map<string, Set<string>>();
  for (const file of sourceFiles(root)) {
    for (const table of tablesWrittenBy(readFileSync(file, 'utf8'))) {
      const modules = writers.get(table) ?? new Set<string>();
      modules.add(moduleOf(file));
      writers.set(table, modules);
    }
  }
  return writers;
}

/**
 * ARCHITECTURE.md's owners: each row of the "Who owns which table" table whose first cell is
 * one module (`features/shops`) names the tables it writes in the second.
 */
function documentedOwners(): Map<string, string> {
  const text = readFileSync(architecture, 'utf8');
  const start = text.indexOf('### Who owns which table');
  const section = text.slice(start, text.indexOf('\n## ', start));
  const owners = new Map<string, string>();
  for (const line of section.split('\n')) {
    const [, owner, tables] = line.split('|').map((cell) => cell.trim());
    const module = /^`([\w./-]+)`$/.exec(owner ?? '')?.[1];
    if (!module || !tables) continue;
    for (const [, table] of tables.matchAll(/`([a-z_]+)`/g)) owners.set(table ?? '', module);
  }
  return owners;
}

describe('who writes each table', () => {
  it('finds writes through Drizzle and in SQL', () => {
    expect(tablesWrittenBy('await db.insert(outbox).values(message)')).toEqual(new Set(['outbox']));
    expect(tablesWrittenBy('await db\n  .update(providers)\n  .set({})')).toEqual(new Set(['providers']));
    expect(tablesWrittenBy('sql`delete from sessions where ended_at < now()`')).toEqual(new Set(['sessions']));
    expect(tablesWrittenBy('sql`insert into $' + '{retiredPhotos} (id) values (1)`')).toEqual(
      new Set(['retired_photos']),
    );
    expect(tablesWrittenBy('sql`update "items" set stock = 0`')).toEqual(new Set(['items']));
    expect(tablesWrittenBy('await db.select().from(items).for("update")')).toEqual(new Set());
    expect(tablesWrittenBy('sql`select 1 from $' + '{items} for update skip locked`')).toEqual(new Set());
  });

  it('has one writing module per table', () => {
    const shared = [...writersByTable()]
      .filter(([, modules]) => modules.size > 1)
      .map(([table, modules]) => `${table}: ${[...modules].sort().join(', ')}`);
    expect(shared).toEqual([]);
  });

  it('names that module in ARCHITECTURE.md', () => {
    const documented = documentedOwners();
    expect([...documented.keys()].filter((table) => !TABLE_NAMES.has(table))).toEqual([]);
    const undocumented = [...writersByTable()]
      .map(([table, modules]) => [table, [...modules].sort().join(', ')] as const)
      .filter(([table, writer]) => documented.get(table) !== writer)
      .map(([table, writer]) => `${table}: written by ${writer}, documented as ${documented.get(table) ?? 'nothing'}`);
    expect(undocumented).toEqual([]);
  });
});
