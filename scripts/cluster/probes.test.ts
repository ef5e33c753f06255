import { describe, expect, it } from 'vitest';
import { metricValue, rates } from './probes.ts';

const PAGE = `# HELP malewa_db_replica_in_use Whether catalog reads go to the read replica now (1) or to the primary (0).
# TYPE malewa_db_replica_in_use gauge
malewa_db_replica_in_use 1
# TYPE malewa_db_replica_fallbacks_total counter
malewa_db_replica_fallbacks_total{reason="down"} 62
malewa_db_replica_fallbacks_total{reason="lagging"} 3
malewa_db_pool_in_use{pool="primary"} 4
malewa_db_pool_in_use{pool="replica"} 1
malewa_db_pool_in_use_peak{pool="primary"} 9
nodejs_heap_size_used_bytes 83886080
`;

describe('a series read from a /metrics page', () => {
  it('reads an unlabelled series, and the sample whose labels match', () => {
    expect(metricValue(PAGE, 'malewa_db_replica_in_use')).toBe(1);
    expect(metricValue(PAGE, 'malewa_db_replica_fallbacks_total', { reason: 'down' })).toBe(62);
    expect(metricValue(PAGE, 'nodejs_heap_size_used_bytes')).toBe(83_886_080);
  });

  it('sums the samples of a series when no label narrows it, never a longer name', () => {
    expect(metricValue(PAGE, 'malewa_db_pool_in_use')).toBe(5);
    expect(metricValue(PAGE, 'malewa_db_replica_fallbacks_total')).toBe(65);
  });

  it('is undefined for a series the page does not have (a process without a replica)', () => {
    expect(metricValue(PAGE, 'malewa_db_replica_lag_seconds')).toBeUndefined();
    expect(metricValue('', 'malewa_db_replica_in_use')).toBeUndefined();
  });
});

describe('statement counters as rates', () => {
  it('divides each counter’s growth by the seconds between two readings', () => {
    const before = { tupReturned: 1000, xactCommit: 100, itemScans: 10, at: 0 };
    const after = { tupReturned: 3000, xactCommit: 300, itemScans: 50, at: 2000 };
    expect(rates(before, after)).toBe('1000 rows returned/s, 100 commits/s, 20 scans of items/s');
  });

  it('says so when a server did not answer', () => {
    expect(rates(undefined, { tupReturned: 0, xactCommit: 0, itemScans: 0, at: 0 })).toBe('n/a (down)');
  });
});
