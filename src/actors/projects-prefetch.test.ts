import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import type { ProjectsPage } from '../api/types.ts';

const calls: { slug: string; query: unknown; signal?: AbortSignal }[] = [];
vi.mock('../api/platform.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../api/platform.ts')>();
  return {
    ...original,
    fetchOrganizationProjects: (slug: string, query: unknown, options: { signal?: AbortSignal } = {}) => {
      calls.push({ slug, query, signal: options.signal });
      return Promise.resolve({ projects: [{ ref: `p${calls.length}` }], pagination: { count: 1 } } as unknown as ProjectsPage);
    },
  };
});

const { clearPrefetchedProjectsPages, prefetchProjectsPage, takePrefetchedProjectsPage, PROJECTS_PREFETCH_TTL_MS } = await import('./projects-prefetch.ts');
const { fetchProjectsPage } = await import('./projects-list.ts');

const first = { limit: 96, offset: 0, sort: 'name_asc', search: '', statuses: [] as string[] };

afterEach(() => {
  calls.length = 0;
  clearPrefetchedProjectsPages();
});

describe('projects first-page prefetch', () => {
  it('hands the prefetched page to the same request once, without a second fetch', async () => {
    prefetchProjectsPage('acme', first);
    prefetchProjectsPage('acme', first); // already on its way
    expect(calls).toHaveLength(1);
    const page = takePrefetchedProjectsPage('acme', { ...first });
    expect((await page)!.projects[0]!.ref).toBe('p1');
    expect(takePrefetchedProjectsPage('acme', first)).toBeUndefined();
  });

  it('does not hand it to another organization or another query', () => {
    prefetchProjectsPage('acme', first);
    expect(takePrefetchedProjectsPage('other', first)).toBeUndefined();
    expect(takePrefetchedProjectsPage('acme', { ...first, search: 'ana' })).toBeUndefined();
    expect(takePrefetchedProjectsPage('acme', { ...first, statuses: ['INACTIVE'] })).toBeUndefined();
    expect(takePrefetchedProjectsPage('acme', { ...first, offset: 96 })).toBeUndefined();
    expect(takePrefetchedProjectsPage('acme', first)).toBeDefined();
  });

  it('drops a page older than the TTL', () => {
    prefetchProjectsPage('acme', first, 1000);
    expect(takePrefetchedProjectsPage('acme', first, 1000 + PROJECTS_PREFETCH_TTL_MS)).toBeUndefined();
  });

  it("is what the list machine's first fetch uses; later pages are fetched", async () => {
    prefetchProjectsPage('acme', first);
    const input = { slug: 'acme', limit: 96, offset: 0, sort: 'name_asc', search: '', statuses: [] };
    const firstPage = await toPromise(createActor(fetchProjectsPage, { input }).start());
    expect(firstPage.items.map((p) => (p as { ref: string }).ref)).toEqual(['p1']);
    expect(calls).toHaveLength(1);
    const again = await toPromise(createActor(fetchProjectsPage, { input }).start());
    expect(again.items.map((p) => (p as { ref: string }).ref)).toEqual(['p2']);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.signal).toBeInstanceOf(AbortSignal);
  });
});
