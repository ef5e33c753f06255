import type { Db } from '@malewa/db/database';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_OUTBOX_MAX_ATTEMPTS } from '../config.ts';
import { createOutboxRepository } from './outbox-repository.ts';
import type { OutgoingMessage, Transports } from './transports.ts';

const BATCH = 20;

/** Wait before the next try: 30 s, 1 min, 2 min … capped at an hour. */
function backoffMs(attempts: number): number {
  return Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Claims due messages and sends them. Claiming pushes `next_attempt_at` forward in the same
 * statement (SKIP LOCKED), so several API processes never send one message twice; a process
 * that dies mid-send leaves the message to be tried again after the back-off. After
 * `maxAttempts` failed tries a message is dead (logged as an error): kept, body and all, for an
 * operator to send again from `/operator/outbox`.
 */
export async function deliverDueMessages(
  db: Db,
  transports: Transports,
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
  now: () => Date = () => new Date(),
  maxAttempts = DEFAULT_OUTBOX_MAX_ATTEMPTS,
): Promise<number> {
  const outboxes = createOutboxRepository(db);
  const claimed = await outboxes.claimDue(now(), BATCH);

  let sent = 0;
  for (const row of claimed) {
    if (row.body === null) continue;
    const message: OutgoingMessage = { ...row, body: row.body };
    const transport = transports[row.channel];
    try {
      if (!transport) throw new Error(`No transport for ${row.channel}`);
      const { location } = await transport.send(message);
      await outboxes.markSent(row.id, now());
      sent += 1;
      log.info(
        { messageId: row.id, channel: row.channel, transport: transport.name, location },
        location && transport.name === 'file' ? `message written to ${location}` : 'message sent',
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const givingUp = row.attempts >= maxAttempts;
      await outboxes.markFailed(row.id, reason, givingUp ? now() : null);
      log[givingUp ? 'error' : 'warn'](
        { messageId: row.id, channel: row.channel, attempts: row.attempts, err: error },
        givingUp
          ? 'message could not be sent; giving up: dead until an operator retries it (/operator/outbox)'
          : `message not sent; retrying in ${backoffMs(row.attempts)} ms`,
      );
    }
  }
  return sent;
}

/** Runs `deliverDueMessages` every `pollMs` until stopped; one round at a time. */
export function startOutboxWorker(
  db: Db,
  transports: Transports,
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
  { pollMs, maxAttempts }: { pollMs: number; maxAttempts: number },
): { stop(): Promise<void> } {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = deliverDueMessages(db, transports, log, undefined, maxAttempts)
      .catch((error: unknown) => log.error({ err: error }, 'outbox round failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, pollMs);
      });
  };
  timer = setTimeout(tick, 0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      for (const transport of new Set(Object.values(transports))) transport?.close?.();
    },
  };
}
