// The table route's first-page prefetch (issue 25) and its adoption by the rows machine's real effects: the same
// statement once, for the default role only; anything else fetches.
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { defineTableRowsActors, tableRowsLogic } from './table-rows.ts';
import { firstPageStatement } from '../domain/table-editor/rows.ts';
import { adoptPrefetchedRows, clearPrefetchedRows, ROWS_PREFETCH_TTL_MS, seedFirstRows, takePrefetchedRows } from './table-rows-prefetch.ts';
import type { runSql } from '../api/table-editor.ts';
import type { ColumnInfo, TableMeta } from '../domain/table-editor/types.ts';

const column = (name: string, format: string): ColumnInfo => ({ name, format, is_nullable: true, data_type: format }) as ColumnInfo;
const meta: TableMeta = {
  id: 7, schema: 'public', name: 'items', type: 'r', comment: null, rls_enabled: false, relationships: [], estimated_rows: 0,
  primary_keys: ['id'], columns: [column('id', 'int8'), column('score', 'int4')],
};

function recorder(label: string) {
  const calls: Array<{ query: string; impersonation: unknown; database?: unknown }> = [];
  const run = ((_ref: string, statement: { query: string }, options: { impersonation?: unknown; database?: unknown } = {}) => {
    calls.push({ query: statement.query, impersonation: options.impersonation, ...(options.database ? { database: options.database } : {}) });
    if (statement.query.includes('estimate')) return Promise.resolve([{ estimate: '2', exact: '2' }]);
    return Promise.resolve([{ c0: `${label}-1`, c1: 5, k0: '1' }]);
  }) as unknown as typeof runSql;
  return { calls, run };
}

const PREFETCHED = [{ c0: 'prefetched-1', c1: 5, k0: '1' }];

afterEach(() => clearPrefetchedRows());

describe('first rows prefetch', () => {
  it('hands the prefetched page to the same statement once', async () => {
    seedFirstRows('ref1', firstPageStatement(meta, [], []), PREFETCHED);
    const statement = firstPageStatement(meta, [], []);
    expect(takePrefetchedRows('ref2', statement)).toBeUndefined();
    expect(takePrefetchedRows('ref1', firstPageStatement(meta, [{ column: 'score', ascending: true }], []))).toBeUndefined();
    expect(await takePrefetchedRows('ref1', statement)).toEqual([{ c0: 'prefetched-1', c1: 5, k0: '1' }]);
    expect(takePrefetchedRows('ref1', statement)).toBeUndefined();
  });

  it('hands rows the table open already read (seeded) to the same statement once, and expires them unclaimed', async () => {
    const sorts = [{ column: 'score', ascending: false }];
    const statement = firstPageStatement(meta, sorts, []);
    seedFirstRows('ref1', statement, [{ c0: 'opened-1', c1: 9, k0: '1' }], 1000);
    expect(takePrefetchedRows('ref1', firstPageStatement(meta, [], []), 1000)).toBeUndefined();
    expect(await takePrefetchedRows('ref1', statement, 1000)).toEqual([{ c0: 'opened-1', c1: 9, k0: '1' }]);
    expect(takePrefetchedRows('ref1', statement, 1000)).toBeUndefined();
    seedFirstRows('ref1', statement, [], 1000);
    expect(takePrefetchedRows('ref1', statement, 1000 + ROWS_PREFETCH_TTL_MS)).toBeUndefined();
  });

  it('expires an unclaimed page', () => {
    seedFirstRows('ref1', firstPageStatement(meta, [], []), PREFETCHED, 1000);
    expect(takePrefetchedRows('ref1', firstPageStatement(meta, [], []), 1000 + ROWS_PREFETCH_TTL_MS)).toBeUndefined();
  });

  it('the rows machine adopts it for its first page, sorted and filtered as the URL says, without fetching it again', async () => {
    const sorts = [{ column: 'score', ascending: false }];
    const filters = [{ column: 'score', operator: 'gt' as const, value: '1' }];
    seedFirstRows('ref1', firstPageStatement(meta, sorts, filters), PREFETCHED);
    const grid = recorder('grid');
    const actor = createActor(tableRowsLogic('ref1', adoptPrefetchedRows(grid.run, () => undefined)), {
      input: { table: meta, sorts, filters, visible: { start: 0, end: 30 } },
    }).start();
    const snapshot = await waitFor(actor, (state) => state.context.segments.length > 0);
    expect(JSON.stringify(snapshot.context.segments)).toContain('prefetched-1');
    expect(grid.calls.some((call) => call.query.includes(' page order by'))).toBe(false);
    actor.stop();
  });

  it('is never served to an impersonated role (spec B2.7)', async () => {
    seedFirstRows('ref1', firstPageStatement(meta, [], []), PREFETCHED);
    const grid = recorder('grid');
    const role = { role: 'anon', claims: {} } as never;
    const { fetchRows } = defineTableRowsActors('ref1', adoptPrefetchedRows(grid.run, () => role));
    const actor = createActor(fetchRows, {
      input: { table: meta, sorts: [], filters: [], request: { kind: 'next', segmentStart: 0, offset: 0, after: null }, limit: 100 },
    }).start();
    const page = await waitFor(actor, (state) => state.status === 'done').then((state) => state.output!);
    expect(page.rows[0]!.values.id).toBe('grid-1');
    expect(grid.calls).toEqual([{ query: firstPageStatement(meta, [], []).query, impersonation: role }]);
  });
});

describe('first rows prefetch and read replicas (spec B2.3)', () => {
  it('a grid reading from a picked replica sends the replica and is never served the primary page', async () => {
    const statement = firstPageStatement(meta, [], []);
    seedFirstRows('ref1', statement, PREFETCHED);
    const grid = recorder('grid');
    let replica: string | undefined = 'ref1-replica-a';
    const runner = adoptPrefetchedRows(grid.run, () => undefined, () => replica);
    expect(await runner('ref1', statement)).toEqual([{ c0: 'grid-1', c1: 5, k0: '1' }]);
    expect(grid.calls).toEqual([{ query: statement.query, impersonation: undefined, database: 'ref1-replica-a' }]);
    // Read at each call: back on the primary, no database is sent.
    replica = undefined;
    await runner('ref1', statement);
    expect(grid.calls[1]).toEqual({ query: statement.query, impersonation: undefined });
  });
});

describe('first rows prefetch, not taken', () => {
  it('is dropped once the grid has had its first answer: a later identical read fetches', async () => {
    const statement = firstPageStatement(meta, [], []);
    seedFirstRows('ref1', statement, PREFETCHED);
    const grid = recorder('grid');
    const runner = adoptPrefetchedRows(grid.run, () => undefined);
    // The grid opened elsewhere (a restored scroll position): its first read is another statement.
    await runner('ref1', { query: 'select 1', parameters: [] });
    await Promise.resolve();
    expect(await runner('ref1', statement)).toEqual([{ c0: 'grid-1', c1: 5, k0: '1' }]);
    expect(grid.calls.map((call) => call.query)).toEqual(['select 1', statement.query]);
  });
});
