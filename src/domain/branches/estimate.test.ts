import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DiskAttributes } from '../disk.ts';
import { branchEstimate, formatMinutes, formatMonthlyCost } from './estimate.ts';

const gp3 = (size_gb: number, iops = 3000, throughput_mbps = 125): DiskAttributes => ({ type: 'gp3', size_gb, iops, throughput_mbps });
const GB = 1024 ** 3;

describe('branchEstimate (spec B9)', () => {
  it('costs nothing while 1.5 × the disk stays within the pro plan\'s 8 GB gp3 and its included IOPS and throughput', () => {
    expect(branchEstimate(gp3(5), 0)).toEqual({ targetSizeGb: 8, monthlyCost: 0, minutes: 3 });
  });

  it('charges the excess GB, IOPS and throughput at the gp3 prices', () => {
    // 1.5 × 8 = 12 GB: 4 GB over × 0.125 = 0.5
    expect(branchEstimate(gp3(8), 0).monthlyCost).toBe(0.5);
    // + 1000 IOPS × 0.024 = 24, + 75 MBps × 0.095 = 7.125 → 31.625 → 31.63
    expect(branchEstimate(gp3(8, 4000, 200), 0).monthlyCost).toBe(31.63);
  });

  it('charges every io2 GB and IOPS (io2 includes nothing)', () => {
    // 1.5 × 10 = 15 GB × 0.195 = 2.925, 1500 IOPS × 0.119 = 178.5 → 181.425 → 181.43
    expect(branchEstimate({ type: 'io2', size_gb: 10, iops: 1500 }, 0)).toMatchObject({ targetSizeGb: 15, monthlyCost: 181.43 });
  });

  it('rounds the target size and takes the duration from the database size: 720/21000 × GB + 3', () => {
    expect(branchEstimate(gp3(3), 0).targetSizeGb).toBe(5); // 4.5 rounds to 5
    expect(branchEstimate(gp3(8), 21000 * GB).minutes).toBe(723);
    expect(branchEstimate(gp3(8), 100 * GB).minutes).toBe(Math.ceil((720 / 21000) * 100 + 3));
  });

  it('formats', () => {
    expect(formatMonthlyCost(0.5)).toBe('$0.50/month');
    expect(formatMinutes(1)).toBe('1 minute');
    expect(formatMinutes(3)).toBe('3 minutes');
  });

  it('property: never negative, at least 3 minutes, and growing with the disk and the database', () => {
    const disk = fc.record({
      type: fc.constantFrom('gp3' as const, 'io2' as const),
      size_gb: fc.integer({ min: 1, max: 61440 }),
      iops: fc.integer({ min: 1500, max: 256000 }),
      throughput_mbps: fc.integer({ min: 125, max: 1000 }),
    });
    fc.assert(
      fc.property(disk, fc.integer({ min: 0, max: 1000 }), fc.nat(2 ** 40), fc.nat(2 ** 40), (d, more, bytesA, bytesB) => {
        const base = branchEstimate(d, Math.min(bytesA, bytesB));
        const bigger = branchEstimate({ ...d, size_gb: d.size_gb + more }, Math.max(bytesA, bytesB));
        expect(base.monthlyCost).toBeGreaterThanOrEqual(0);
        expect(base.minutes).toBeGreaterThanOrEqual(3);
        expect(bigger.monthlyCost).toBeGreaterThanOrEqual(base.monthlyCost);
        expect(bigger.minutes).toBeGreaterThanOrEqual(base.minutes);
        expect(base.targetSizeGb).toBe(Math.round(1.5 * d.size_gb));
      }),
    );
  });
});
