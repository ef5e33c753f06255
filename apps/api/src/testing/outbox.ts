import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@malewa/db/database';
import { deliverDueMessages } from '../messages/outbox-worker.ts';
import { createFileTransport } from '../messages/transports.ts';

const quiet = { info() {}, warn() {}, error() {} };

/**
 * The development transport writing into a temporary folder, as a person would read it: tests
 * deliver the outbox and take codes and links out of the files, never out of the database.
 */
export async function createTestOutbox(database: Database) {
  const dir = await mkdtemp(join(tmpdir(), 'malewa-outbox-'));
  const file = createFileTransport(dir);
  // Push too: a test reads a push message's JSON as it reads an SMS (its recipient: the subscription's id).
  const transports = { email: file, sms: file, push: file };

  async function messagesTo(recipient: string): Promise<string[]> {
    // A batch at a time: everything due, however many other tests left waiting. "Due" a
    // second ahead: a message queued within the same millisecond has a database timestamp
    // (microseconds) just past this process's clock (milliseconds), and would wait otherwise.
    const soon = () => new Date(Date.now() + 1000);
    while ((await deliverDueMessages(database.db, transports, quiet, soon)) > 0);
    const names = (await readdir(dir)).filter((name) =>
      name.includes(`-${recipient.replace(/[^A-Za-z0-9@.+_-]/g, '_')}-`),
    );
    names.sort();
    return Promise.all(names.map((name) => readFile(join(dir, name), 'utf8')));
  }

  return {
    dir,
    messagesTo,
    /** The newest message to `recipient` (delivering what is due first). */
    async latest(recipient: string): Promise<string> {
      const all = await messagesTo(recipient);
      const last = all.at(-1);
      if (!last) throw new Error(`no message to ${recipient} in ${dir}`);
      return last;
    },
    async code(recipient: string): Promise<string> {
      const text = await this.latest(recipient);
      const code = /\b(\d{6})\b/.exec(text.split('\n\n').slice(1).join('\n\n'))?.[1];
      if (!code) throw new Error(`no code in the message to ${recipient}:\n${text}`);
      return code;
    },
    async linkToken(recipient: string, path: string): Promise<string> {
      const text = await this.latest(recipient);
      const token = new RegExp(`${path.replaceAll('/', '\\/')}\\?token=([A-Za-z0-9_-]+)`).exec(text)?.[1];
      if (!token) throw new Error(`no ${path} link in the message to ${recipient}:\n${text}`);
      return token;
    },
    destroy: () => rm(dir, { recursive: true, force: true }),
  };
}

export type TestOutbox = Awaited<ReturnType<typeof createTestOutbox>>;
