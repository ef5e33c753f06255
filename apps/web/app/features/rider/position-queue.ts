/** A position as the rider's page sends it: the phone's time travels with it. */
export interface QueuedPosition {
  latitude: number;
  longitude: number;
  accuracy: number;
  at: string;
}

/** At most this many wait: an hour's worth at one a minute; older ones go first. */
const LIMIT = 60;

/**
 * Positions taken while the phone had no network, in the order they were taken, kept in the
 * page's storage so a reload or a crash loses none. The server keeps the newest by the
 * phone's time, so sending them late never moves the rider back on the shopper's map.
 */
export function createPositionQueue(storage: Pick<Storage, 'getItem' | 'setItem'> | null, key: string) {
  const read = (): QueuedPosition[] => {
    try {
      const parsed = JSON.parse(storage?.getItem(key) ?? '[]') as unknown;
      return Array.isArray(parsed) ? (parsed as QueuedPosition[]) : [];
    } catch {
      return [];
    }
  };
  const write = (positions: QueuedPosition[]) => {
    try {
      storage?.setItem(key, JSON.stringify(positions.slice(-LIMIT)));
    } catch {
      // Storage full or refused: the newest position still goes when the network is back.
    }
  };
  return {
    push(position: QueuedPosition) {
      write([...read(), position]);
    },
    size: () => read().length,
    /**
     * Sends what waits, oldest first, until one cannot go: `send` answers 'sent', 'dropped'
     * (refused for good: not kept) or 'kept' (no network: stop and try again later).
     */
    async flush(send: (position: QueuedPosition) => Promise<'sent' | 'dropped' | 'kept'>): Promise<number> {
      let waiting = read();
      while (waiting.length > 0) {
        const [first] = waiting;
        if (!first || (await send(first)) === 'kept') break;
        waiting = waiting.slice(1);
        write(waiting);
      }
      return waiting.length;
    },
  };
}

/**
 * When to send the next position: every 15 s while the rider moves, every 60 s while they
 * stand still (less data on a prepaid bundle), never more often than the phone reports.
 * `slackMs`: how early a check may count as on time (the page's 15 s timer, see TICK_SLACK_MS).
 */
export function shouldSend(
  last: { position: QueuedPosition; sentAt: number } | null,
  next: QueuedPosition,
  now: number,
  slackMs = 0,
): boolean {
  if (!last) return true;
  const elapsed = now - last.sentAt + slackMs;
  const moved = metresBetween(last.position, next);
  return elapsed >= 60_000 || (elapsed >= 15_000 && moved >= 20);
}

function metresBetween(a: QueuedPosition, b: QueuedPosition): number {
  const rad = Math.PI / 180;
  const x = (b.longitude - a.longitude) * rad * Math.cos(((a.latitude + b.latitude) / 2) * rad);
  const y = (b.latitude - a.latitude) * rad;
  return Math.sqrt(x * x + y * y) * 6_371_000;
}
