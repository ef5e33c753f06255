import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * One process per embedded database (decision 30). PGlite takes no lock of its own: two
 * processes on one folder both write, and one loses its writes or leaves the folder unopenable.
 * So whoever opens a PGlite folder first writes `<folder>.lock` beside it, and everyone else is
 * refused until it closes. A lock whose process is gone (killed) is taken over.
 */

/** Who holds a folder, as its lock file says. */
export interface LockHolder {
  pid: number;
  /** Linux: the process's start time in clock ticks since boot, so that a reused pid is not it. */
  processStart: string | null;
  host: string;
  command: string;
  since: string;
  /** Random: tells this lock from one written at the same time by another process. */
  nonce: string;
  /** Where the running product takes admin commands (`operator:create`, …), once it does. */
  admin?: { socket: string; token: string };
}

export class DataDirInUseError extends Error {
  override readonly name = 'DataDirInUseError';
  readonly dataDir: string;
  readonly holder: LockHolder;
  constructor(dataDir: string, holder: LockHolder) {
    super(
      `The embedded database in ${dataDir} is in use by process ${holder.pid} (${holder.command}, since ${holder.since}). ` +
        'Only one process may open it at a time. Stop that process first, or, while it runs, use the ' +
        'npm run commands (operator:create, provider:member, db:migrate, db:seed, db:backup): they ask it. ' +
        'To run several processes on one database, use PostgreSQL (DATABASE_URL).',
    );
    this.dataDir = dataDir;
    this.holder = holder;
  }
}

export interface DataDirLock {
  readonly path: string;
  readonly holder: LockHolder;
  /** Records where the running product takes admin commands. */
  announceAdmin(admin: { socket: string; token: string }): void;
  /** Gives the folder up; only if the lock is still this one. */
  release(): void;
}

export function lockPathOf(dataDir: string): string {
  return `${dataDir.replace(/[/\\]+$/, '')}.lock`;
}

function processStartOf(pid: number): string | null {
  try {
    // Field 22 of /proc/<pid>/stat; the command name (field 2) may hold spaces, so count after it.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function readHolder(path: string): LockHolder | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as LockHolder;
    if (typeof parsed.pid === 'number' && typeof parsed.nonce === 'string') return parsed;
  } catch {
    // Half-written by a process killed while writing it: nobody holds it.
  }
  return { pid: 0, processStart: null, host: '', command: 'unknown', since: '', nonce: '' };
}

/** Whether the process that wrote `holder` still runs (on this machine: a lock is per host). */
export function isAlive(holder: LockHolder): boolean {
  if (holder.pid <= 0 || holder.host !== hostname()) return false;
  // A container restarted gives the new process the old one's pid.
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const start = processStartOf(holder.pid);
  return holder.processStart === null || start === null || start === holder.processStart;
}

/** The live process that holds `dataDir`, if any. */
export function liveHolderOf(dataDir: string): LockHolder | undefined {
  const holder = readHolder(lockPathOf(dataDir));
  return holder && isAlive(holder) ? holder : undefined;
}

function write(path: string, holder: LockHolder, flag: 'wx' | 'w'): void {
  writeFileSync(path, `${JSON.stringify(holder, null, 2)}\n`, { flag, mode: 0o600 });
}

/**
 * Takes `dataDir` for this process, or throws `DataDirInUseError` naming the live holder. A
 * lock left by a dead process is moved aside and taken; of two processes taking over one stale
 * lock at once, one gets it.
 */
export function lockDataDir(dataDir: string, command: string): DataDirLock {
  const path = lockPathOf(dataDir);
  const holder: LockHolder = {
    pid: process.pid,
    processStart: processStartOf(process.pid),
    host: hostname(),
    command,
    since: new Date().toISOString(),
    nonce: randomBytes(12).toString('hex'),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      write(path, holder, 'wx');
      return heldLock(path, holder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const existing = readHolder(path);
    if (!existing) continue;
    if (isAlive(existing)) throw new DataDirInUseError(dataDir, existing);
    // Stale: move it aside by renaming (atomic), then make sure what moved is the stale lock
    // and not one another process wrote meanwhile; that one goes back.
    const aside = `${path}.stale-${holder.nonce}`;
    try {
      renameSync(path, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const moved = readHolder(aside);
    if (moved && moved.nonce !== existing.nonce) {
      try {
        linkSync(aside, path);
      } catch {
        // A third process took the path meanwhile: it holds the folder now.
      }
      unlinkSync(aside);
      continue;
    }
    unlinkSync(aside);
  }
  const now = readHolder(path);
  if (now && isAlive(now)) throw new DataDirInUseError(dataDir, now);
  throw new Error(`Could not take the lock ${path}: remove it if no process uses ${dataDir}.`);
}

function heldLock(path: string, holder: LockHolder): DataDirLock {
  let current = holder;
  const stillOurs = () => readHolder(path)?.nonce === holder.nonce;
  return {
    path,
    get holder() {
      return current;
    },
    announceAdmin(admin) {
      if (!stillOurs()) throw new Error(`The lock ${path} is no longer this process's`);
      current = { ...current, admin };
      // Written aside and renamed over: a reader never sees half a file.
      const next = `${path}.next-${holder.nonce}`;
      write(next, current, 'w');
      renameSync(next, path);
    },
    release() {
      if (stillOurs()) unlinkSync(path);
    },
  };
}
