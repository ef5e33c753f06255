import type { Db } from '@malewa/db/database';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_OUTBOX_MAX_ATTEMPTS } from '../config.ts';
import { nextRoundMs, URGENT_ROUND_CAP_MS } from '../flows/retry-book.ts';
import { createOutboxRepository } from './outbox-repository.ts';
import type { OutgoingMessage, Transports } from './transports.ts';

const BATCH = 20;
/**
 * People sent to at once. One at a time, a gateway's or an SMTP server's round trip set the
 * pace of the whole queue; within a round, each person's own messages go one after the other,
 * in the order queued.
 */
const RECIPIENTS_AT_ONCE = 4;

/** Wait before the next try: 30 s, 1 min, 2 min … capped at an hour. */
function backoffMs(attempts: number): number {
  return Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/**
 * Claims due messages, codes first (`claimDue`), and sends them. Claiming pushes
 * `next_attempt_at` forward in the same statement (SKIP LOCKED), so several API processes never
 * send one message twice; a process that dies mid-send leaves the message to be tried again
 * after the back-off. After `maxAttempts` failed tries a message is dead (logged as an error):
 * kept, body and all, for an operator to send again from `/operator/outbox`. Answers how many
 * were claimed and how many sent.
 */
async function deliverRound(
  db: Db,
  transports: Transports,
  log: Log,
  now: () => Date,
  maxAttempts: number,
): Promise<{ claimed: number; sent: number; stoppedBy?: unknown }> {
  const outboxes = createOutboxRepository(db);
  const claimed = await outboxes.claimDue(now(), BATCH);

  async function send(row: (typeof claimed)[number]): Promise<boolean> {
    if (row.body === null) return false;
    const message: OutgoingMessage = { ...row, body: row.body };
    const transport = transports[row.channel];
    let location: string | undefined;
    try {
      if (!transport) throw new Error(`No transport for ${row.channel}`);
      ({ location } = await transport.send(message));
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
      return false;
    }
    try {
      await outboxes.markSent(row.id, now());
    } catch (error) {
      // Sent, but not recorded: it is claimed again after its back-off and sent twice. Not a
      // transport's failure, so not marked one until its tries are spent, lest a row the
      // database never lets be marked sent go on being sent; the database is failing, so this
      // lane stops.
      const dead =
        row.attempts >= maxAttempts &&
        (await outboxes.markFailed(row.id, 'sent, but the database did not record it as sent', now()).then(
          () => true,
          () => false,
        ));
      log.error(
        { messageId: row.id, channel: row.channel, transport: transport.name, attempts: row.attempts, err: error },
        dead
          ? 'message sent, but the database did not record it: its tries are spent, so it is dead, not sent again'
          : 'message sent, but the database did not record it: it will be sent again after its back-off',
      );
      throw error;
    }
    log.info(
      { messageId: row.id, channel: row.channel, transport: transport.name, location },
      location && transport.name === 'file' ? `message written to ${location}` : 'message sent',
    );
    return true;
  }

  // Each person's messages of this round in the order claimed; several people at once.
  const queues = [...Map.groupBy(claimed, (row) => `${row.channel} ${row.recipient}`).values()];
  let sent = 0;
  const lane = async () => {
    for (let queue = queues.shift(); queue; queue = queues.shift()) {
      for (const row of queue) if (await send(row)) sent += 1;
    }
  };
  // Every lane settles before the round ends (a failed mark must not leave sends running past
  // `stop()`); then the first failure is the round's, beside what the others sent.
  const lanes = await Promise.allSettled(Array.from({ length: Math.min(RECIPIENTS_AT_ONCE, queues.length) }, lane));
  const failed = lanes.find((result) => result.status === 'rejected');
  return { claimed: claimed.length, sent, ...(failed ? { stoppedBy: failed.reason as unknown } : {}) };
}

/** One round of `deliverRound`: how many messages it sent; a lane that stopped fails it. */
export async function deliverDueMessages(
  db: Db,
  transports: Transports,
  log: Log,
  now: () => Date = () => new Date(),
  maxAttempts = DEFAULT_OUTBOX_MAX_ATTEMPTS,
): Promise<number> {
  const round = await deliverRound(db, transports, log, now, maxAttempts);
  if ('stoppedBy' in round) throw round.stoppedBy;
  return round.sent;
}

/**
 * Runs `deliverRound` until stopped, one round at a time: straight on while rounds come back
 * full and sending (a queue that built up goes at the transports' pace, not a batch per
 * `pollMs`, which an evening's order notices outran), else every `pollMs`. A round whose claim
 * failed (the database gone) waits longer each time, up to 30 s (`nextRoundMs`), so codes go
 * soon after the database is back; one that only had a lane stop waits one poll.
 */
export function startOutboxWorker(
  db: Db,
  transports: Transports,
  log: Log,
  { pollMs, maxAttempts }: { pollMs: number; maxAttempts: number },
): { stop(): Promise<void> } {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let failedRounds = 0;
  const tick = () => {
    let full = false;
    running = deliverRound(db, transports, log, () => new Date(), maxAttempts)
      .then((round) => {
        failedRounds = 0;
        if ('stoppedBy' in round) {
          log.error({ err: round.stoppedBy, sent: round.sent }, 'outbox round stopped early; the rest wait a poll');
          return;
        }
        // A transport that refused a whole batch is not pressed with the next one at once.
        full = round.claimed === BATCH && round.sent > 0;
      })
      .catch((error: unknown) => {
        failedRounds += 1;
        log.error({ err: error, failedRounds }, 'outbox round failed; trying again later');
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, full ? 0 : nextRoundMs(pollMs, failedRounds, URGENT_ROUND_CAP_MS));
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
