import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The unit of work: while a transaction runs, every query of the code it calls goes through
 * that transaction, whatever handle the code holds (decision 29).
 *
 * Repositories hold one database handle. Inside `transaction(work)` that handle answers with
 * the transaction (an AsyncLocalStorage scope follows `work` through every await), so a
 * repository method cannot forget to join it. Forgetting used to take another pooled
 * connection on PostgreSQL, reading around the transaction, and on PGlite, whose one
 * connection the transaction holds, to wait for ever and freeze the whole API.
 *
 * What cannot be routed (a statement prepared on the database itself, the driver's own client)
 * is refused with `TransactionMisuseError` while a transaction is open in its scope: an error
 * that names the mistake, never a wait.
 */

/** A unit of work's callback: it queries through the handles it already holds. */
export type Transaction = <T>(work: () => Promise<T>) => Promise<T>;

/** Code inside a transaction reached the database around it, or two savepoints ran at once. */
export class TransactionMisuseError extends Error {
  override readonly name = 'TransactionMisuseError';
}

interface Scope {
  /** The driver's transaction (or savepoint) object that this scope's queries go through. */
  readonly handle: object;
  /** False once the work has settled: code it left running then queries the database itself. */
  open: boolean;
  /** The savepoint running on this handle, if any: the parent's own queries would land inside it. */
  savepoint: Promise<unknown> | undefined;
}

const scopes = new AsyncLocalStorage<Scope>();

function openScope(): Scope | undefined {
  const scope = scopes.getStore();
  return scope?.open ? scope : undefined;
}

/** A query on a transaction while a savepoint of it runs would land inside the savepoint. */
function refuseDuringSavepoint(scope: Scope): void {
  if (!scope.savepoint) return;
  throw new TransactionMisuseError(
    'A query was sent on a transaction while a savepoint of it runs: await the savepoint first.',
  );
}

/** Whether the calling code runs inside an open transaction. */
export function inTransaction(): boolean {
  return openScope() !== undefined;
}

/**
 * The driver's client of the open transaction in this scope, or undefined outside one: where a
 * statement prepared once (on the database itself) is run when it must join the transaction.
 */
export function transactionClient(): object | undefined {
  const scope = openScope();
  if (!scope) return undefined;
  refuseDuringSavepoint(scope);
  // Drizzle's transactions (node-postgres and PGlite alike) keep their connection as `session.client`.
  const client = (scope.handle as { session?: { client?: unknown } }).session?.client;
  if (typeof client !== 'object' || client === null) throw new Error('The open transaction has no client');
  return client;
}

/**
 * Runs `build` (synchronous) as if no transaction were open: what it makes on the database
 * handle belongs to the database, not to the transaction of the code that first asked for it.
 */
export function outsideTransaction<T>(build: () => T): T {
  return scopes.exit(build);
}

/**
 * Refuses a query sent straight to the driver while a transaction is open in this scope: it
 * would run on another connection (PostgreSQL) or wait for the transaction's own (PGlite).
 */
export function refuseInsideTransaction(what: string): void {
  if (!openScope()) return;
  throw new TransactionMisuseError(
    `${what} was sent outside the transaction it runs in. Query through the database handle ` +
      '(it joins the open transaction), or prepare the statement outside any transaction.',
  );
}

interface TransactionalHandle {
  transaction<T>(work: (tx: never) => Promise<T>): Promise<T>;
}

/**
 * The handle repositories query: `base` outside any transaction, the open transaction inside
 * one. Its `transaction(work)` opens a transaction, or within one a savepoint (an inner failure
 * rolls back only the inner work); two savepoints at once on one transaction are refused.
 */
export function routedHandle<H extends object>(base: H): Omit<H, 'transaction'> & { transaction: Transaction } {
  const transaction: Transaction = async (work) => {
    const parent = openScope();
    if (parent?.savepoint) {
      throw new TransactionMisuseError('Two savepoints were opened at once in one transaction: await the first.');
    }
    // Drizzle's database and its transactions both open one with `transaction(callback)`.
    const host = (parent?.handle ?? base) as TransactionalHandle;
    const running = host.transaction((tx: never) => {
      const scope: Scope = { handle: tx, open: true, savepoint: undefined };
      return scopes.run(scope, async () => {
        try {
          return await work();
        } finally {
          // A savepoint the work left running ends before its transaction does: its queries
          // must never reach a connection the transaction has given back.
          await scope.savepoint?.catch(() => undefined);
          scope.open = false;
        }
      });
    });
    if (!parent) return running;
    parent.savepoint = running;
    try {
      return await running;
    } finally {
      parent.savepoint = undefined;
    }
  };

  return new Proxy(base, {
    get(target, property) {
      if (property === 'transaction') return transaction;
      const scope = openScope();
      if (scope) refuseDuringSavepoint(scope);
      const handle = scope ? scope.handle : target;
      const value = Reflect.get(handle, property, handle);
      return typeof value === 'function' ? value.bind(handle) : value;
    },
  }) as Omit<H, 'transaction'> & { transaction: Transaction };
}

/**
 * Makes the driver's client refuse queries sent to it while a transaction is open in the
 * caller's scope (`refuseInsideTransaction`). The methods are replaced on the instance, so the
 * client stays what it was for `instanceof` checks (Drizzle's node-postgres session makes one).
 */
export function guardClient<C extends object>(client: C, methods: readonly (keyof C & string)[], name: string): C {
  for (const method of methods) {
    const original = client[method];
    if (typeof original !== 'function') throw new Error(`${name}.${method} is not a method`);
    const bound = (original as (...args: unknown[]) => unknown).bind(client);
    Object.defineProperty(client, method, {
      configurable: true,
      writable: true,
      value: (...args: unknown[]) => {
        refuseInsideTransaction(`${name}.${method}`);
        return bound(...args);
      },
    });
  }
  return client;
}
