import { describe, expect, it } from 'vitest';
import { paramsBinder } from './sql.ts';
import { afterCondition, CELL_WIRE_CHARS, cursorAtSql, pagePlan, pageSql, readRows } from './rows.ts';
import { formatRowCount, planRows } from './row-count.ts';
import type { ColumnInfo, TableMeta } from './types.ts';

const column = (name: string, format: string, nullable = true): ColumnInfo =>
  ({ name, format, is_nullable: nullable, data_type: format }) as ColumnInfo;

const meta = (overrides: Partial<TableMeta> = {}): TableMeta => ({
  id: 1, schema: 'public', name: 'items', type: 'r', comment: null, rls_enabled: false, relationships: [], estimated_rows: 0,
  primary_keys: ['id'], columns: [column('id', 'int8', false), column('note', 'text'), column('score', 'int4')], ...overrides,
});

describe('page plan', () => {
  it('ends the order with the primary key in the last sort direction', () => {
    expect(pagePlan(meta(), [{ column: 'score', ascending: false }]).order).toEqual([
      { column: 'score', ascending: false, nullable: true },
      { column: 'id', ascending: false, nullable: false },
    ]);
    expect(pagePlan(meta(), []).order).toEqual([{ column: 'id', ascending: true, nullable: false }]);
    expect(pagePlan(meta(), [{ column: 'gone', ascending: true }]).order).toHaveLength(1);
  });

  it('uses ctid without a key, and offsets for a view', () => {
    expect(pagePlan(meta({ primary_keys: [] }), [])).toMatchObject({ keyset: true, identity: ['ctid'] });
    expect(pagePlan(meta({ primary_keys: [], type: 'v' }), [])).toMatchObject({ keyset: false, identity: [], order: [] });
  });
});

describe('keyset condition', () => {
  it('is a row comparison with one direction and no NULLs', () => {
    const params: unknown[] = [];
    const order = pagePlan(meta(), [{ column: 'id', ascending: false }]).order;
    expect(afterCondition(order, ['5'], paramsBinder(params))).toBe('(id) < ($1)');
    expect(params).toEqual(['5']);
  });

  it('expands mixed directions and places NULLs as the order does', () => {
    const params: unknown[] = [];
    const order = pagePlan(meta(), [{ column: 'score', ascending: true }, { column: 'note', ascending: false }]).order;
    expect(afterCondition(order, ['3', null, '9'], paramsBinder(params))).toBe(
      '((score > $1 or score is null) or (score = $1 and note is not null) or (score = $1 and note is null and id < $2))',
    );
    expect(afterCondition(order.slice(0, 1), [null], paramsBinder([]))).toBe('false');
    expect(() => afterCondition(order, ['1'], paramsBinder([]))).toThrow();
  });
});

describe('page SQL', () => {
  it('cuts big columns, selects the cursor as text and binds every value', () => {
    const table = meta({ schema: 'my "s', name: 'T' });
    const plan = pagePlan(table, []);
    const statement = pageSql(table, plan, [{ column: 'note', operator: 'eq', value: "x'" }], { after: ['7'] });
    expect(statement.query).toBe(
      `select id as c0, left(note::text, ${CELL_WIRE_CHARS}) as c1, length(note::text) > ${CELL_WIRE_CHARS} as t1, score as c2, id::text as k0 ` +
        // The plain bound on the first key (id >= …) before the keyset condition makes the page one index range (issue 25).
        `from (select * from "my ""s"."T" where (note = $1) and id >= $4 and (id) > ($3) order by id asc nulls last limit $2) page order by page.id asc nulls last`,
    );
    expect(statement.parameters).toEqual(["x'", 100, '7', '7']);
    expect(cursorAtSql(table, plan, [], 900_000)).toEqual({
      query: 'select k0::text as k0 from (select id as k0 from "my ""s"."T" order by id asc nulls last limit 1 offset $1) located',
      parameters: [899_999],
    });
  });

  it('orders and limits raw rows in an inner query, and cuts and casts only the rows kept (issue 25)', () => {
    // Casting and cutting in the same select as the ORDER BY … LIMIT made Postgres compute them for every row of
    // the table before keeping the top 100 (720 ms of a sort on 1M rows); inside, the scan carries raw columns.
    const table = meta();
    const sorted = pagePlan(table, [{ column: 'score', ascending: false }]);
    for (const start of [{ after: null }, { after: ['3', '9'] }, { offset: 500 }]) {
      const { query } = pageSql(table, sorted, [{ column: 'score', operator: 'gt', value: '1' }], start);
      const match = /^select (.*) from \((select .*)\) page order by page\.score desc nulls first, page\.id desc nulls first$/.exec(query);
      expect(match, query).not.toBeNull();
      const [, outer, inner] = match!;
      expect(inner).toMatch(/^select \* from public\.items where .* order by score desc nulls first, id desc nulls first limit \$\d+( offset \$\d+)?$/);
      expect(inner).not.toMatch(/left\(|length\(|::text/);
      expect(outer).toContain(`left(note::text, ${CELL_WIRE_CHARS}) as c1`);
      expect(outer).toContain('score::text as k0, id::text as k1');
    }
    // Without a primary key the tie-breaker ctid is a system column, not in `*`: the inner query exposes it.
    const nokey = meta({ primary_keys: [] });
    const { query } = pageSql(nokey, pagePlan(nokey, []), [], { after: null });
    expect(query).toBe(
      `select id as c0, left(note::text, ${CELL_WIRE_CHARS}) as c1, length(note::text) > ${CELL_WIRE_CHARS} as t1, score as c2, ctid::text as k0 ` +
        'from (select *, ctid from public.items order by ctid asc nulls last limit $1) page order by page.ctid asc nulls last',
    );
  });

  it('reads positional aliases back into named values, flags and keys', () => {
    const table = meta();
    const [row] = readRows(table, pagePlan(table, []), [{ c0: '1', c1: 'abc', t1: true, c2: null, k0: '1' }]);
    expect(row).toEqual({ values: { id: '1', note: 'abc', score: null }, truncated: ['note'], cursor: ['1'], key: { id: '1' } });
  });
});

describe('row count', () => {
  it('reads as an estimate or exactly', () => {
    expect(formatRowCount({ value: 1_000_000, exact: false })).toBe('~1,000,000 rows (estimate)');
    expect(formatRowCount({ value: 1, exact: true })).toBe('1 row');
    expect(formatRowCount({ value: 250, exact: true })).toBe('250 rows');
  });

  it('reads EXPLAIN JSON as text or parsed, and null for anything else', () => {
    expect(planRows([{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': 42 } }] }])).toBe(42);
    expect(planRows([{ 'QUERY PLAN': '[{"Plan": {"Plan Rows": 7}}]' }])).toBe(7);
    expect(planRows([{ 'QUERY PLAN': '{' }])).toBeNull();
    expect(planRows(null)).toBeNull();
  });
});
