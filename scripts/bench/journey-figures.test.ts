import { describe, expect, it } from 'vitest';
import { byType, journeyTotals, type RequestRecord, stepFigures } from './journey-figures.ts';

const record = (overrides: Partial<RequestRecord>): RequestRecord => ({
  target: 'page',
  url: 'http://shop.test/',
  type: 'Document',
  source: 'network',
  bytes: 0,
  startMs: 0,
  endMs: 10,
  failed: false,
  ...overrides,
});

describe('a step of the journey', () => {
  it('counts the bytes that crossed the network once, whether the page or the worker fetched them', () => {
    const figures = stepFigures([
      record({ bytes: 1000 }),
      // A picture the worker answered from the network: the page's request carries no network bytes.
      record({ type: 'Image', source: 'worker', bytes: 900 }),
      record({ target: 'worker', type: 'Image', bytes: 900 }),
      record({ type: 'Script', source: 'cache', bytes: 0 }),
      record({ type: 'EventSource', endMs: undefined, bytes: 0 }),
    ]);
    expect(figures).toEqual({ requests: 4, networkRequests: 3, fromWorker: 1, fromCache: 1, bytes: 1900, open: 1 });
  });

  it('groups the network bytes by resource type, heaviest first', () => {
    expect(
      byType([
        record({ type: 'Script', bytes: 10 }),
        record({ type: 'Image', bytes: 30 }),
        record({ type: 'Script', bytes: 15 }),
        record({ type: 'Image', source: 'cache', bytes: 99 }),
      ]),
    ).toEqual([
      { type: 'Image', requests: 1, bytes: 30 },
      { type: 'Script', requests: 2, bytes: 25 },
    ]);
  });

  it('adds the steps into the journey, times to usable included', () => {
    const step = (bytes: number, usableMs: number) => ({
      name: 'step',
      figures: stepFigures([record({ bytes })]),
      usableMs,
      quietMs: undefined,
      light: false,
    });
    expect(journeyTotals([step(100, 1500), step(50, 500)])).toEqual({
      requests: 2,
      networkRequests: 2,
      fromWorker: 0,
      fromCache: 0,
      bytes: 150,
      open: 0,
      usableMs: 2000,
    });
  });
});
