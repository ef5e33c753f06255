import { randomUUID } from 'node:crypto';
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from './database.ts';

const adminUrl = inject('testDatabaseUrl');

/**
 * Catalog reads against a "replica": a second database on the same server, so that which one
 * answered shows in `current_database()`. Streaming replication itself is `npm run cluster`'s
 * (scripts/cluster.ts), run by `npm run faults`.
 */
describe.skipIf(!adminUrl)('catalog reads on a read replica (PostgreSQL)', () => {
  const primaryName = `malewa_test_${randomUUID().replaceAll('-', '')}`;
  const replicaName = `${primaryName}_replica`;
  const urlOf = (name: string, port?: number) => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    if (port) url.port = String(port);
    return url.toString();
  };
  const admin = () => new pg.Client({ connectionString: adminUrl });
  const opened: Database[] = [];
  const open = (replicaUrl: string, maxLagMs = 5_000) => {
    const database = openDatabase({
      kind: 'postgres',
      url: urlOf(primaryName),
      poolMax: 2,
      statementTimeoutMs: 10_000,
      replica: { url: replicaUrl, maxLagMs, checkMs: 60_000 },
    });
    opened.push(database);
    return database;
  };
  const answeredBy = async (db: Database['db']) => {
    const result = (await db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    return result.rows[0]?.name;
  };

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`create database "${primaryName}"`);
    await client.query(`create database "${replicaName}"`);
    await client.end();
  });

  afterAll(async () => {
    for (const database of opened) await database.close();
    const client = admin();
    await client.connect();
    await client.query(`drop database if exists "${primaryName}" with (force)`);
    await client.query(`drop database if exists "${replicaName}" with (force)`);
    await client.end();
  });

  it('sends catalog reads to the replica and everything else to the primary', async () => {
    const database = open(urlOf(replicaName));
    await waitUntil(() => database.stats().replica?.inUse === true);
    expect(await answeredBy(database.catalogDb)).toBe(replicaName);
    expect(await answeredBy(database.db)).toBe(primaryName);
    expect(database.stats().replica).toMatchObject({ inUse: true, lagMs: 0, fallbacks: { down: 0, lagging: 0 } });
  });

  it('reads through the open transaction, on the primary, inside one', async () => {
    const database = open(urlOf(replicaName));
    await waitUntil(() => database.stats().replica?.inUse === true);
    const inside = await database.transaction(() => answeredBy(database.catalogDb));
    expect(inside).toBe(primaryName);
  });

  it('falls back to the primary while the replica is unreachable, and counts it', async () => {
    const closed = await freePort();
    const database = open(urlOf(replicaName, closed));
    await waitUntil(() => database.stats().replica?.checked === true);
    expect(await answeredBy(database.catalogDb)).toBe(primaryName);
    expect(database.stats().replica).toMatchObject({ inUse: false, fallbacks: { down: 1, lagging: 0 } });
  });

  it('falls back to the primary while the replica lags more than allowed', async () => {
    // A lag of 0 is "too much" under a negative limit: the lagging branch, without a lagging server.
    const database = open(urlOf(replicaName), -1);
    await waitUntil(() => database.stats().replica?.checked === true);
    expect(await answeredBy(database.catalogDb)).toBe(primaryName);
    expect(database.stats().replica).toMatchObject({ inUse: false, fallbacks: { down: 0, lagging: 1 } });
  });

  it('runs a read again on the primary when the replica goes away under it', async () => {
    const proxy = await tcpProxy(Number(new URL(adminUrl).port || 5432));
    const database = open(urlOf(replicaName, proxy.port));
    await waitUntil(() => database.stats().replica?.inUse === true);
    expect(await answeredBy(database.catalogDb)).toBe(replicaName);

    proxy.cut();
    expect(await answeredBy(database.catalogDb)).toBe(primaryName);
    expect(database.stats().replica).toMatchObject({ inUse: false, fallbacks: { down: 1 } });
    await proxy.close();
  });
});

async function waitUntil(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(condition()).toBe(true);
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A TCP relay to PostgreSQL whose `cut` ends every connection and refuses new ones: a replica gone. */
async function tcpProxy(target: number): Promise<{ port: number; cut(): void; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let refusing = false;
  const server: Server = createServer((client) => {
    if (refusing) return client.destroy();
    const upstream = tcpConnect(target, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    cut() {
      refusing = true;
      for (const socket of sockets) socket.destroy();
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
