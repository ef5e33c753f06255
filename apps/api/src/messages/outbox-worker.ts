import type { Db } from '@malewa/db/database';
import { outbox } from '@malewa/db/schema/messages';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { OutgoingMessage, Transport } from './transports.ts';

/** After this many failed tries a message is given up on (and logged). */
const MAX_ATTEMPTS = 8;
const BATCH = 20;

/** Wait before the next try: 30 s, 1 min, 2 min … capped at an hour. */
function backoffMs(attempts: number): number {
  return Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Claims due messages and sends them. Claiming pushes `next_attempt_at` forward in the same
 * statement (SKIP LOCKED), so several API processes never send one message twice; a process
 * that dies mid-send leaves the message to be tried again after the back-off.
 */
export async function deliverDueMessages(
  db: Db,
  transports: Record<'email' | 'sms', Transport>,
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
  now: () => Date = () => new Date(),
): Promise<number> {
  const at = now();
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(isNull(outbox.sentAt), isNull(outbox.failedAt), lte(outbox.nextAttemptAt, at)))
    .orderBy(outbox.nextAttemptAt)
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(outbox)
    .set({
      attempts: sql`${outbox.attempts} + 1`,
      nextAttemptAt: sql`${at.toISOString()}::timestamptz + (least(3600000, 30000 * power(2, ${outbox.attempts})) * interval '1 millisecond')`,
    })
    .where(inArray(outbox.id, due))
    .returning();

  let sent = 0;
  for (const row of claimed) {
    if (row.body === null) continue;
    const message: OutgoingMessage = { ...row, body: row.body };
    const transport = transports[row.channel];
    try {
      const { location } = await transport.send(message);
      // The body may hold a code or a link: once delivered it is not kept.
      await db.update(outbox).set({ sentAt: now(), body: null, lastError: null }).where(eq(outbox.id, row.id));
      sent += 1;
      log.info(
        { messageId: row.id, channel: row.channel, transport: transport.name, location },
        location && transport.name === 'file' ? `message written to ${location}` : 'message sent',
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const givingUp = row.attempts >= MAX_ATTEMPTS;
      await db
        .update(outbox)
        .set({ lastError: reason.slice(0, 500), ...(givingUp ? { failedAt: now(), body: null } : {}) })
        .where(eq(outbox.id, row.id));
      log[givingUp ? 'error' : 'warn'](
        { messageId: row.id, channel: row.channel, attempts: row.attempts, err: error },
        givingUp
          ? 'message could not be sent; giving up'
          : `message not sent; retrying in ${backoffMs(row.attempts)} ms`,
      );
    }
  }
  return sent;
}

/** Runs `deliverDueMessages` every `pollMs` until stopped; one round at a time. */
export function startOutboxWorker(
  db: Db,
  transports: Record<'email' | 'sms', Transport>,
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
  pollMs: number,
): { stop(): Promise<void> } {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = deliverDueMessages(db, transports, log)
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
      for (const transport of new Set(Object.values(transports))) transport.close?.();
    },
  };
}
