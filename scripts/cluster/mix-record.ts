/**
 * What a shopper mix (shopper-mix.ts) records as it runs: each request's step, time, latency
 * and status, each checkout with its Idempotency-Key and what the shopper was told, each order
 * stream with the events it showed, and when the shop keeper moved each order. Read by
 * mix-checks.ts and the runners.
 */

export type Step = 'meals' | 'meal' | 'add' | 'checkout-page' | 'checkout' | 'placed' | 'stream' | 'shop';
/** The shoppers' steps, in the order of a round (the shop keeper's are apart). */
export const SHOPPER_STEPS: readonly Step[] = ['meals', 'meal', 'add', 'checkout-page', 'checkout', 'placed', 'stream'];

export interface Sample {
  step: Step;
  /** -1: the shop keeper. */
  shopper: number;
  /** Wall clock (ms) when the request was sent and when its answer (headers and body) was in. */
  at: number;
  end: number;
  ms: number;
  /** The HTTP status; 0 when no answer came (`error` says why). */
  status: number;
  ok: boolean;
  error?: string;
}

/** One checkout form, sent (and re-sent, by a shopper who sees an error) under one key. */
export interface Checkout {
  shopper: number;
  key: string;
  /** The X-Request-Id of each try: nginx's log names the processes each went to. */
  requestIds: string[];
  startedAt: number;
  endedAt: number;
  statuses: number[];
  outcome: 'pending' | 'acknowledged' | 'refused' | 'failed' | 'cart-empty';
  checkoutId?: string;
  /** From the confirmation page the storefront sent the shopper to. */
  orderIds: string[];
}

export interface StreamEvent {
  seq: number;
  status: string;
  at: number;
}

/** One order's live stream, as its shopper's page followed it. */
export interface Follow {
  orderId: string;
  shopper: number;
  startedAt: number;
  stoppedAt: number;
  seen: StreamEvent[];
  /** Events received twice (the same id). */
  repeats: number;
  /** Connections that opened (200), and how many of those resumed with Last-Event-ID. */
  connects: number;
  resumed: number;
  /** When an open stream ended without the order being finished. */
  drops: number[];
  /** Answers other than 200 to a (re)connection, and connections that failed. */
  refusals: number[];
  finished: boolean;
}

/** The samples, checkouts and streams of one mix, shared by its actors. */
export class MixRecord {
  readonly samples: Sample[] = [];
  readonly checkouts: Checkout[] = [];
  readonly follows: Follow[] = [];
  /** When the shop keeper's move to each status of each order was answered. */
  readonly moves = new Map<string, Map<string, number>>();
  /** Requests under way now, by id. */
  readonly inFlight = new Map<number, { step: Step; shopper: number; at: number }>();
  private nextId = 0;

  begin(step: Step, shopper: number): number {
    const id = this.nextId++;
    this.inFlight.set(id, { step, shopper, at: Date.now() });
    return id;
  }

  end(id: number, sample: Omit<Sample, 'end' | 'ms'>): Sample {
    this.inFlight.delete(id);
    const end = Date.now();
    const full = { ...sample, end, ms: end - sample.at };
    this.samples.push(full);
    return full;
  }
}
