import { describe, expect, it, vi } from 'vitest';
import { USAGE_STALE_MS } from '../domain/cache.ts';
import { createUsageCache } from './org-usage.ts';

describe('organization usage cache (spec C9: usage 1 h)', () => {
  it('asks once per organization within an hour, again after it; a failure is not kept', async () => {
    let clock = 0;
    const usages = [{ metric: 'DB_SIZE', usage: 1, pricing_free_units: 0, capped: true, available_in_plan: true, unlimited: false }];
    const fetchUsage = vi.fn(async (slug: string) => {
      if (slug === 'broken') throw new Error('offline');
      return { usages };
    });
    const cache = createUsageCache(fetchUsage, () => clock);
    expect(await cache.get('acme')).toEqual(usages);
    clock = USAGE_STALE_MS - 1;
    await cache.get('acme');
    expect(fetchUsage).toHaveBeenCalledTimes(1);
    await cache.get('other');
    expect(fetchUsage).toHaveBeenCalledTimes(2);
    clock = USAGE_STALE_MS;
    await cache.get('acme');
    expect(fetchUsage).toHaveBeenCalledTimes(3);
    await expect(cache.get('broken')).rejects.toThrow('offline');
    await expect(cache.get('broken')).rejects.toThrow('offline');
    expect(fetchUsage).toHaveBeenCalledTimes(5);
  });
});
