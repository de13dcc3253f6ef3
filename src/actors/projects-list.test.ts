import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import type { ProjectsPage } from '../api/types.ts';

// The first page the /org/{slug} route's loader asked for (issue 15) is handed to that route's list, through the
// list's own fetch actor: no module-level cache two lists (or two consoles) could share.

const calls: { slug: string; query: unknown; signal?: AbortSignal }[] = [];
vi.mock('../api/platform.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../api/platform.ts')>();
  return {
    ...original,
    fetchOrganizationProjects: (slug: string, query: unknown, options: { signal?: AbortSignal } = {}) => {
      calls.push({ slug, query, signal: options.signal });
      return Promise.resolve({ projects: [{ ref: `fetched${calls.length}` }], pagination: { count: 1 } } as unknown as ProjectsPage);
    },
  };
});

const { fetchProjectsPageWith } = await import('./projects-list.ts');

const query = { limit: 96, offset: 0, sort: 'name_asc', search: '', statuses: [] as string[] };
const input = { slug: 'acme', ...query };
const loaded = (ref: string) => Promise.resolve({ projects: [{ ref }], pagination: { count: 1 } } as unknown as ProjectsPage);
const refsOf = (output: { items: unknown[] }) => output.items.map((p) => (p as { ref: string }).ref);
const run = (logic: ReturnType<typeof fetchProjectsPageWith>, given: typeof input) => toPromise(createActor(logic, { input: given }).start());

afterEach(() => {
  calls.length = 0;
});

describe("the projects list's fetch with the loader's first page", () => {
  it('takes the first page once, for the same request; the next fetch asks the platform (with a signal)', async () => {
    const fetchPage = fetchProjectsPageWith({ slug: 'acme', query, page: loaded('prefetched') });
    expect(refsOf(await run(fetchPage, input))).toEqual(['prefetched']);
    expect(calls).toHaveLength(0);
    expect(refsOf(await run(fetchPage, input))).toEqual(['fetched1']);
    expect(calls[0]!.signal).toBeInstanceOf(AbortSignal);
  });

  it('does not take it for another organization or another query', async () => {
    for (const other of [{ ...input, slug: 'other' }, { ...input, search: 'ana' }, { ...input, statuses: ['INACTIVE'] }, { ...input, offset: 96 }]) {
      const fetchPage = fetchProjectsPageWith({ slug: 'acme', query, page: loaded('prefetched') });
      expect(refsOf(await run(fetchPage, other))).not.toEqual(['prefetched']);
    }
    expect(calls).toHaveLength(4);
  });

  it("two lists never share a page: each has only its own loader's", async () => {
    const first = fetchProjectsPageWith({ slug: 'acme', query, page: loaded('first console') });
    const second = fetchProjectsPageWith(undefined);
    expect(refsOf(await run(second, input))).toEqual(['fetched1']);
    expect(refsOf(await run(first, input))).toEqual(['first console']);
  });

  it("a failed first page is the list's failure (it shows its error and retries with a fetch)", async () => {
    const failed = Promise.reject(new Error('offline'));
    failed.catch(() => undefined);
    const fetchPage = fetchProjectsPageWith({ slug: 'acme', query, page: failed });
    await expect(run(fetchPage, input)).rejects.toThrow('offline');
    expect(refsOf(await run(fetchPage, input))).toEqual(['fetched1']);
  });
});
