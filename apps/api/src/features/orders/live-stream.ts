import type { EventBus } from '#api/events/event-bus.ts';

/** Where a stream writes, and how it learns that the client has gone. */
export interface EventSink {
  write(chunk: string): void;
  onClose(listener: () => void): void;
}

export interface StreamOptions {
  /** A look at the database without a wake-up call, in case one was lost on the way. */
  recheckMs: number;
  /** A comment now and then, so that proxies and phones keep an idle connection open. */
  heartbeatMs: number;
}

export const STREAM_DEFAULTS: StreamOptions = { recheckMs: 10_000, heartbeatMs: 25_000 };

/**
 * The loop of a live stream (an order's, a shop's): `read` writes what is new since its last
 * read and says whether more may be waiting. It runs once at the start, whenever the bus wakes
 * `channel`, and every recheck; one reader at a time, a wake-up during a read asking for one
 * more read after it. Heartbeats keep the connection open; all of it stops when the sink closes.
 */
export async function runLiveStream(
  sink: EventSink,
  live: {
    events: EventBus | undefined;
    channel: string;
    read: (closed: () => boolean) => Promise<boolean>;
    options: StreamOptions;
  },
): Promise<void> {
  let closed = false;
  let reading: Promise<void> | undefined;
  let again = false;
  const isClosed = () => closed;
  const readAll = async () => {
    do {
      again = false;
      if (await live.read(isClosed)) again = true;
    } while (again && !closed);
  };
  const wake = () => {
    if (closed) return;
    if (reading) {
      again = true;
      return;
    }
    reading = readAll()
      .catch(() => {
        // The database did not answer: the next wake-up or recheck tries again.
      })
      .finally(() => {
        reading = undefined;
      });
  };
  const unsubscribe = live.events ? await live.events.subscribe(live.channel, wake) : async () => {};
  sink.write('retry: 3000\n\n');
  const recheck = setInterval(wake, live.options.recheckMs);
  const heartbeat = setInterval(() => sink.write(': still here\n\n'), live.options.heartbeatMs);
  sink.onClose(() => {
    closed = true;
    clearInterval(recheck);
    clearInterval(heartbeat);
    void unsubscribe();
  });
  wake();
  await reading;
}
