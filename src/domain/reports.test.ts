import { describe, expect, it } from 'vitest';
import { connectionRoles, reportPoints, usageTotals, type MetricSample } from './reports.ts';

const sample = (minute: number, over: Partial<MetricSample> = {}): MetricSample => ({
  timestamp: new Date(Date.UTC(2026, 10, 27, 12, minute)).toISOString(),
  database_bytes: 1000,
  storage_bytes: 0,
  connections: { postgres: 2 },
  blks_hit: 0,
  blks_read: 0,
  transactions: 0,
  rows_read: 0,
  rows_written: 0,
  ...over,
});

describe('reportPoints', () => {
  it('derives rates and the cache hit ratio from consecutive samples, in time order', () => {
    const points = reportPoints([
      sample(1, { blks_hit: 190, blks_read: 20, transactions: 660, rows_read: 6000, rows_written: 120 }),
      sample(0, { blks_hit: 100, blks_read: 10, transactions: 60 }),
    ]);
    expect(points[0]!.transactionsPerSecond).toBeNull();
    expect(points[1]!.transactionsPerSecond).toBe(10);
    expect(points[1]!.rowsReadPerSecond).toBe(100);
    expect(points[1]!.rowsWrittenPerSecond).toBe(2);
    expect(points[1]!.cacheHitRatio).toBe(90);
    expect(points[1]!.connections).toBe(2);
  });
  it('has no rate across a counter reset', () => {
    const points = reportPoints([sample(0, { transactions: 500, blks_hit: 50 }), sample(1, { transactions: 3, blks_hit: 1 })]);
    expect(points[1]!.transactionsPerSecond).toBeNull();
    expect(points[1]!.cacheHitRatio).toBeNull();
  });
  it('orders the roles by their peak', () => {
    const points = reportPoints([sample(0, { connections: { a: 1, b: 5 } }), sample(1, { connections: { a: 7 } })]);
    expect(connectionRoles(points)).toEqual(['a', 'b']);
  });
});

describe('usageTotals', () => {
  it('sums egress and requests and keeps the latest sizes', () => {
    expect(
      usageTotals([
        { date: '2026-11-26', database_bytes: 10, storage_bytes: 1, egress_bytes: 100, requests: 3 },
        { date: '2026-11-27', database_bytes: null, storage_bytes: 2, egress_bytes: 50, requests: 4 },
      ]),
    ).toEqual({ databaseBytes: 10, storageBytes: 2, egressBytes: 150, requests: 7 });
  });
});
