// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
import { describe, expect, it, vi } from 'vitest';

// Issue 25: opening a table waited for the project's schema names before reading the table: the table tab's loader
// waits for the editor frame's (for `paused`), which awaited fetchSchemas. The real loaders, with pg-meta replaced.
const reads = vi.hoisted(() => ({ calls: [] as string[] }));
vi.mock('../../api/table-editor.ts', async (original) => ({
  ...(await original<object>()),
  // Schema names that never come.
  fetchSchemas: () => {
    reads.calls.push('fetchSchemas');
    return new Promise(() => undefined);
  },
  fetchTableMeta: async () => {
    reads.calls.push('fetchTableMeta');
    return { id: 42, schema: 'public', name: 't', type: 'r', columns: [], primary_keys: [], relationships: [] };
  },
}));

const { Route: EditorRoute } = await import('../../routes/_app/project/$ref/editor/route.tsx');
const { Route: TableRoute } = await import('../../routes/_app/project/$ref/editor/$tableId.tsx');

type AnyLoader = (context: unknown) => Promise<unknown>;
const load = (route: { options: { loader?: unknown } }, context: Record<string, unknown>) =>
  (route.options.loader as AnyLoader)({ cause: 'preload', location: { search: {} }, preload: true, ...context });
const within = <T,>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not settled within ${ms} ms`)), ms))]);

describe('opening a table (issue 25)', () => {
  it("reads the table without waiting for the schema names, which still load for the list", async () => {
    const project = Promise.resolve({ loaderData: { project: { ref: 'abc', status: 'ACTIVE_HEALTHY' } } });
    const editor = await within(load(EditorRoute, { params: { ref: 'abc' }, parentMatchPromise: project }), 500);
    expect(editor).toMatchObject({ paused: false });
    expect((editor as { schemas: { promise: unknown; settled: unknown } }).schemas).toMatchObject({ promise: expect.any(Promise), settled: null });
    const table = await within(load(TableRoute, { params: { ref: 'abc', tableId: '42' }, parentMatchPromise: Promise.resolve({ loaderData: editor }) }), 500);
    expect(table).toMatchObject({ notFound: false, error: null, meta: { id: 42 } });
    expect(reads.calls).toEqual(['fetchSchemas', 'fetchTableMeta']);
  });
});
