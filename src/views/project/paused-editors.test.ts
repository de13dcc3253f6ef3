// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// issue 15: the paused editor called pg-meta (and logged 503s). The editors' real route loaders, with every read
// that goes to pg-meta replaced by a spy.
const reads = vi.hoisted(() => ({ calls: [] as string[] }));
const spy = (name: string, value: unknown) => async () => {
  reads.calls.push(name);
  return value;
};
vi.mock('../../api/table-editor.ts', async (original) => ({
  ...(await original<object>()),
  fetchSchemas: spy('fetchSchemas', [{ name: 'public' }]),
  fetchTableMeta: spy('fetchTableMeta', { columns: [] }),
  openTable: spy('openTable', { meta: { columns: [] }, rows: [] }),
}));
vi.mock('../../api/sql-editor-catalog.ts', async (original) => ({
  ...(await original<object>()),
  fetchCompletionColumns: spy('fetchCompletionColumns', []),
  fetchCompletionFunctions: spy('fetchCompletionFunctions', []),
  fetchProjectEndpoint: spy('fetchProjectEndpoint', ''),
}));
vi.mock('../../api/sql-editor.ts', async (original) => ({ ...(await original<object>()), fetchSnippets: spy('fetchSnippets', []) }));

const { Route: EditorRoute } = await import('../../routes/_app/project/$ref/editor/route.tsx');
const { Route: TableRoute } = await import('../../routes/_app/project/$ref/editor/$tableId.tsx');
const { Route: SqlRoute } = await import('../../routes/_app/project/$ref/sql/route.tsx');

type AnyLoader = (context: unknown) => Promise<unknown>;
const load = (route: { options: { loader?: unknown } }, context: Record<string, unknown>) =>
  (route.options.loader as AnyLoader)({ cause: 'enter', location: { search: {} }, preload: false, ...context });
const projectParent = (status: string) => Promise.resolve({ loaderData: { project: { ref: 'abc', status } } });

beforeEach(() => {
  reads.calls = [];
});

describe('editor route loaders on a paused project', () => {
  it('do not read through pg-meta', async () => {
    const editor = (await load(EditorRoute, { params: { ref: 'abc' }, parentMatchPromise: projectParent('INACTIVE') })) as { paused?: boolean };
    expect(editor.paused).toBe(true);
    await load(TableRoute, { params: { ref: 'abc', tableId: '42' }, parentMatchPromise: Promise.resolve({ loaderData: editor }) });
    await load(SqlRoute, { params: { ref: 'abc' }, parentMatchPromise: projectParent('INACTIVE') });
    expect(reads.calls).toEqual([]);
  });

  it('read as before on an active project', async () => {
    const editor = await load(EditorRoute, { params: { ref: 'abc' }, parentMatchPromise: projectParent('ACTIVE_HEALTHY') });
    await load(TableRoute, { params: { ref: 'abc', tableId: '42' }, parentMatchPromise: Promise.resolve({ loaderData: editor }) });
    await load(SqlRoute, { params: { ref: 'abc' }, parentMatchPromise: projectParent('ACTIVE_HEALTHY') });
    expect(reads.calls).toEqual(expect.arrayContaining(['fetchSchemas', 'openTable', 'fetchCompletionColumns', 'fetchSnippets']));
  });

  it("a table entered while the project's status is not known yet (a first load) is opened at once (issue 25)", async () => {
    // The platform answers `paused` for a stopped database without reading it (server/pgmeta/table-open.test.ts).
    let settle: (value: { loaderData: unknown }) => void = () => {};
    const pending = new Promise<{ loaderData: unknown }>((resolve) => (settle = resolve));
    const loading = load(TableRoute, { params: { ref: 'abc', tableId: '42' }, parentMatchPromise: pending });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads.calls).toEqual(['openTable']);
    settle({ loaderData: { paused: true } });
    expect(await loading).toEqual({ meta: null, notFound: false, error: null });
  });
});
