/**
 * The figures of `npm run bench:journey` (journey.ts), kept free of the browser so they can be
 * tested: what a step's requests add up to, and the journey's totals.
 */

/** Who answered a request the browser saw. */
export type Source = 'network' | 'worker' | 'cache';

/** One request as the DevTools protocol reported it, in the step during which it started. */
export interface RequestRecord {
  /** The page's own requests, or the offline worker's (its fetches to the network). */
  target: 'page' | 'worker';
  url: string;
  /** DevTools' resource type: Document, Script, Image, Fetch, ... */
  type: string;
  /**
   * `network`: over the (throttled) wire; `worker`: a page request the worker answered (its
   * own fetch, if any, is a worker record of its own); `cache`: the browser's HTTP cache.
   */
  source: Source;
  /** Bytes received for it, headers included (Network.loadingFinished's encodedDataLength). */
  bytes: number;
  /** Milliseconds from the step's start. */
  startMs: number;
  endMs: number | undefined;
  failed: boolean;
}

export interface StepFigures {
  /** The page's requests, whoever answered them. */
  requests: number;
  /** Requests that crossed the network, the page's and the worker's. */
  networkRequests: number;
  /** Page requests the worker answered; page requests the browser's HTTP cache answered. */
  fromWorker: number;
  fromCache: number;
  /** Bytes that crossed the network. */
  bytes: number;
  /** Requests still open when the step was measured (streams, or a page that never settled). */
  open: number;
}

export function stepFigures(records: readonly RequestRecord[]): StepFigures {
  const figures: StepFigures = { requests: 0, networkRequests: 0, fromWorker: 0, fromCache: 0, bytes: 0, open: 0 };
  for (const record of records) {
    if (record.target === 'page') {
      figures.requests += 1;
      if (record.source === 'worker') figures.fromWorker += 1;
      if (record.source === 'cache') figures.fromCache += 1;
    }
    if (record.source === 'network') {
      figures.networkRequests += 1;
      figures.bytes += record.bytes;
    }
    if (record.endMs === undefined && !record.failed) figures.open += 1;
  }
  return figures;
}

/** The network's bytes and requests of a step by resource type, heaviest first. */
export function byType(records: readonly RequestRecord[]): { type: string; requests: number; bytes: number }[] {
  const types = new Map<string, { type: string; requests: number; bytes: number }>();
  for (const record of records) {
    if (record.source !== 'network') continue;
    const entry = types.get(record.type) ?? { type: record.type, requests: 0, bytes: 0 };
    entry.requests += 1;
    entry.bytes += record.bytes;
    types.set(record.type, entry);
  }
  return [...types.values()].sort((a, b) => b.bytes - a.bytes || b.requests - a.requests);
}

export interface StepResult {
  name: string;
  figures: StepFigures;
  /** From the shopper's tap (or typed address) until the page is usable. */
  usableMs: number;
  /** From the same moment until the step's last request ended; undefined when it never did. */
  quietMs: number | undefined;
  /** The page came light: without scripts (decision 39). */
  light: boolean;
}

export interface JourneyTotals extends StepFigures {
  /** The steps' times to usable, added: how long the shopper waited. */
  usableMs: number;
}

export function journeyTotals(steps: readonly StepResult[]): JourneyTotals {
  const totals: JourneyTotals = {
    requests: 0,
    networkRequests: 0,
    fromWorker: 0,
    fromCache: 0,
    bytes: 0,
    open: 0,
    usableMs: 0,
  };
  for (const { figures, usableMs } of steps) {
    totals.requests += figures.requests;
    totals.networkRequests += figures.networkRequests;
    totals.fromWorker += figures.fromWorker;
    totals.fromCache += figures.fromCache;
    totals.bytes += figures.bytes;
    totals.open += figures.open;
    totals.usableMs += usableMs;
  }
  return totals;
}
