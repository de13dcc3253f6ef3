// Disk limits and the change cooldown (spec B4, B5, B9).
import { describe, expect, it } from 'vitest';
import { cooldownRemainingSeconds, diskAttributesProblem, diskMonthlyPrice, diskRequestAttributes, formatCooldown, maxIopsOfCompute } from './disk.ts';

const NOW = Date.parse('2026-11-28T12:00:00Z');

describe('disk cooldown (spec B4)', () => {
  it('is 21600 s from last_modified_at, never negative, none without a change', () => {
    expect(cooldownRemainingSeconds(null, NOW)).toBe(0);
    expect(cooldownRemainingSeconds(new Date(NOW).toISOString(), NOW)).toBe(21600);
    expect(cooldownRemainingSeconds(new Date(NOW - 3600_000).toISOString(), NOW)).toBe(18000);
    expect(cooldownRemainingSeconds(new Date(NOW - 21600_000).toISOString(), NOW)).toBe(0);
    expect(cooldownRemainingSeconds(new Date(NOW - 30 * 3600_000).toISOString(), NOW)).toBe(0);
    expect(cooldownRemainingSeconds('not a date', NOW)).toBe(0);
    expect(cooldownRemainingSeconds(new Date(NOW + 2000).toISOString(), NOW)).toBe(21600);
  });

  it('words the time remaining', () => {
    expect(formatCooldown(21600)).toBe('6 h');
    expect(formatCooldown(21540)).toBe('5 h 59 min');
    expect(formatCooldown(600)).toBe('10 min');
    expect(formatCooldown(30)).toBe('less than a minute');
  });
});

describe('disk attributes (spec B5, B9)', () => {
  const gp3 = { type: 'gp3' as const, size_gb: 8, iops: 3000, throughput_mbps: 125 };
  it('accepts the limits of each type and refuses outside them', () => {
    expect(diskAttributesProblem(gp3, { computeSize: 'ci_micro' })).toBeNull();
    expect(diskAttributesProblem({ ...gp3, size_gb: 16384 }, {})).toBeNull();
    expect(diskAttributesProblem({ ...gp3, size_gb: 16385 }, {})).toMatch(/between 1 and 16384/);
    expect(diskAttributesProblem({ type: 'io2', size_gb: 3, iops: 1500 }, {})).toMatch(/between 4 and 61440/);
    expect(diskAttributesProblem({ ...gp3, throughput_mbps: 124 }, {})).toMatch(/between 125 and 1000/);
    expect(diskAttributesProblem({ type: 'io2', size_gb: 8, iops: 1500, throughput_mbps: 200 }, {})).toBe('Throughput applies to gp3 disks only');
  });

  it('caps IOPS by the compute size, above the type minimum', () => {
    expect(maxIopsOfCompute('ci_large')).toBe(3600);
    expect(maxIopsOfCompute('ci_48xlarge_high_memory')).toBe(240000);
    expect(maxIopsOfCompute('unknown')).toBe(500);
    expect(diskAttributesProblem({ ...gp3, iops: 3600 }, { computeSize: 'ci_large' })).toBeNull();
    expect(diskAttributesProblem({ ...gp3, iops: 3601 }, { computeSize: 'ci_large' })).toBe('IOPS cannot exceed 3600 on this compute size');
    expect(diskAttributesProblem({ type: 'io2', size_gb: 8, iops: 1500 }, { computeSize: 'ci_micro' })).toBeNull();
  });

  it('never shrinks a disk', () => {
    expect(diskAttributesProblem({ ...gp3, size_gb: 7 }, { current: gp3 })).toBe('Disk size cannot be reduced below the current 8 GB');
  });

  it('sends throughput for gp3 only, and prices a disk', () => {
    expect(diskRequestAttributes({ type: 'io2', size_gb: 8, iops: 1500, throughput_mbps: 300 })).toEqual({ type: 'io2', size_gb: 8, iops: 1500 });
    expect(diskRequestAttributes({ type: 'gp3', size_gb: 8, iops: 3000 })).toEqual({ ...gp3 });
    // 8 GB × 0.125 = 1.00; io2: 8 × 0.195 + 1500 × 0.119 = 1.56 + 178.5
    expect(diskMonthlyPrice(gp3)).toBe(1);
    expect(diskMonthlyPrice({ ...gp3, iops: 4000, throughput_mbps: 225 })).toBe(1 + 24 + 9.5);
    expect(diskMonthlyPrice({ type: 'io2', size_gb: 8, iops: 1500 })).toBe(180.06);
  });
});
