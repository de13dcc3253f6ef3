// The organization's usage for the header's 'Exceeding usage limits' badge (spec A2.3), kept for the usage
// cache time of spec C9 (1 h) so that moving between pages of one organization asks once.
import { fromPromise } from 'xstate';
import { fetchOrganizationUsage, type UsageItem } from '../api/team.ts';
import { USAGE_STALE_MS } from '../domain/cache.ts';

type Fetch = (slug: string) => Promise<{ usages: UsageItem[] }>;

export function createUsageCache(fetchUsage: Fetch = (slug) => fetchOrganizationUsage(slug), now = () => Date.now()) {
  const entries = new Map<string, { at: number; value: Promise<UsageItem[]> }>();
  return {
    get(slug: string): Promise<UsageItem[]> {
      const hit = entries.get(slug);
      if (hit && now() - hit.at < USAGE_STALE_MS) return hit.value;
      const value = fetchUsage(slug).then((r) => r.usages);
      // A failure is not kept: the next page asks again.
      value.catch(() => entries.delete(slug));
      entries.set(slug, { at: now(), value });
      return value;
    },
    clear: () => entries.clear(),
  };
}

const cache = createUsageCache();

/**
 * One read of an organization's usage (cached 1 h); the badge subscribes to its output. A failed read is no usage
 * (the badge is a hint): an actor ending in error would be rethrown into the page and replace it — an unknown or
 * malformed slug showed the chrome-less 404 instead of the page's own error (issue 21).
 */
export const orgUsageLogic = fromPromise<UsageItem[], { slug: string }>(({ input }) => cache.get(input.slug).catch((): UsageItem[] => []));
