import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isExceedingUsageLimits } from './navigation/header.ts';
import { formatUsageAmount, usageMetricLabel, usageRows, type UsageFigure } from './usage.ts';

const figure = (metric: string, usage: number, free: number | null, extra: Partial<UsageFigure> = {}): UsageFigure => ({
  metric,
  usage,
  pricing_free_units: free,
  available_in_plan: true,
  unlimited: false,
  ...extra,
});

describe('usage rows', () => {
  it('formats bytes with formatBytes and counts with grouping', () => {
    expect(formatUsageAmount('DB_SIZE', 524288000)).toBe('500 MB');
    expect(formatUsageAmount('EGRESS', 0)).toBe('0 bytes');
    expect(formatUsageAmount('MONTHLY_ACTIVE_USERS', 50000)).toBe('50,000');
    expect(usageMetricLabel('DB_SIZE')).toBe('Database size');
    expect(usageMetricLabel('SOME_NEW_METRIC')).toBe('Some new metric');
  });

  it('shows used, included and share; drops DISK_IOPS_GP3', () => {
    const rows = usageRows([
      figure('DB_SIZE', 262144000, 524288000),
      figure('DISK_IOPS_GP3', 10, 0),
      figure('MONTHLY_ACTIVE_SSO_USERS', 0, 0, { available_in_plan: false }),
      figure('EGRESS', 10, null, { unlimited: true }),
      figure('FUNCTION_INVOCATIONS', 600000, 500000),
    ]);
    expect(rows.map((r) => r.metric)).toEqual(['DB_SIZE', 'MONTHLY_ACTIVE_SSO_USERS', 'EGRESS', 'FUNCTION_INVOCATIONS']);
    expect(rows[0]).toMatchObject({ label: 'Database size', used: '250 MB', included: '500 MB', percent: 50, exceeded: false });
    expect(rows[1]).toMatchObject({ included: 'Not included in plan', percent: null, exceeded: false });
    expect(rows[2]).toMatchObject({ included: 'Unlimited', percent: null, exceeded: false });
    expect(rows[3]).toMatchObject({ included: '500,000', percent: 100, exceeded: true });
  });

  it('the badge ignores DISK_IOPS_GP3 (spec A3) but counts every other metric over its free units', () => {
    expect(isExceedingUsageLimits([{ metric: 'DISK_IOPS_GP3', usage: 5, pricing_free_units: 0 }])).toBe(false);
    expect(isExceedingUsageLimits([{ metric: 'EGRESS', usage: 5, pricing_free_units: 0 }])).toBe(true);
  });

  it('a row is exceeded exactly when the badge would count it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ metric: fc.constantFrom('DB_SIZE', 'EGRESS', 'DISK_IOPS_GP3'), usage: fc.nat(), free: fc.option(fc.nat()) })),
        (items) => {
          const figures = items.map((i) => figure(i.metric, i.usage, i.free));
          expect(usageRows(figures).some((r) => r.exceeded)).toBe(isExceedingUsageLimits(figures));
        },
      ),
    );
  });
});
