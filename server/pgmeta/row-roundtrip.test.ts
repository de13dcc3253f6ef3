// Issue 14.1: the row panel must never change a value it did not mean to change. On a real Postgres, through the
// query endpoint's type parsers, for every type the grid edits: read the row as the panel reads it
// → the form's text (initialDraft) → save (updateStatement / insertStatement) → the value read back with SQL is
// identical (`col::text`, which for json keeps the exact text and for jsonb its normalized form).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import pg from 'pg';
import { startTestCluster, type TestCluster } from '../testing/database.ts';
import { projectTypes } from '../projects/pools.ts';
import { entitySql } from './introspection.ts';
import { pagePlan, pageSql, readRows } from '../../src/domain/table-editor/rows.ts';
import {
  cellStatement,
  editRowStatement,
  expandedText,
  fieldProblem,
  initialDraft,
  insertStatement,
  readEditRow,
  rowKey,
  updateStatement,
  type RowDraft,
} from '../../src/domain/table-editor/row-values.ts';
import { referenceRowsStatement } from '../../src/domain/table-editor/reference-rows.ts';
import type { Row, TableMeta } from '../../src/domain/table-editor/types.ts';
import type { Statement } from '../../src/domain/table-editor/sql.ts';

let cluster: TestCluster;
let pool: pg.Pool;
let table: TableMeta;
// The statements run as the query endpoint runs a statement with parameters (one extended-protocol query) on a pool
// with the project pools' type parsers: what the console receives.
const run = async (statement: Statement) => (await pool.query(statement.query, statement.parameters)).rows as Array<Record<string, unknown>>;

// Every column type the grid edits; `id` is the key, `gen` is generated (never written).
const COLUMNS: Record<string, string> = {
  j: 'json',
  jb: 'jsonb',
  ints: 'int4[]',
  texts: 'text[]',
  bin: 'bytea',
  num: 'numeric',
  big: 'int8',
  tstz: 'timestamptz',
  ts: 'timestamp',
  d: 'date',
  mood: 'mood',
  t: 'text',
  vc: 'varchar(40)',
  b: 'bool',
  f8: 'float8',
  i4: 'int4',
  u: 'uuid',
  nums: 'numeric[]',
};
const NAMES = Object.keys(COLUMNS);
const MOODS = ['sad', 'ok', 'with space', 'qu"ote', 'com,ma', "it's", 'NULL'];

async function loadMeta(name: string): Promise<TableMeta> {
  const { rows } = await pool.query(`select $1::regclass::oid::int as oid`, [name]);
  const [row] = await run({ query: entitySql(), parameters: [rows[0].oid] });
  return { ...(row as unknown as TableMeta), primary_keys: (row!.primary_keys as Array<{ name: string }>).map((key) => key.name) };
}

beforeAll(async () => {
  cluster = await startTestCluster();
  pool = new pg.Pool({ connectionString: await cluster.createDatabase('roundtrip'), types: projectTypes, max: 2 });
  // The cluster's shutdown ends connections still closing (57P01); an idle client's error is re-emitted here.
  pool.on('error', () => {});
  await pool.query(`
    create type mood as enum (${MOODS.map((m) => `'${m.replace(/'/g, "''")}'`).join(', ')});
    create table rt (id int8 primary key, ${NAMES.map((n) => `${n} ${COLUMNS[n]}`).join(', ')},
      gen text generated always as (t || '!') stored);
    create table refd (id int8 primary key, label text);
    create table refs (id int primary key, target int8 references refd (id));`);
  table = await loadMeta('rt');
}, 60_000);
afterAll(async () => {
  await pool?.end();
  await cluster?.close();
});

// Text with what breaks naive quoting: commas, quotes, backslashes, braces, the word NULL, spaces, unicode.
const tricky = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('', ' ', 'NULL', 'null', 'a,b', '"q"', 'back\\slash', '{x}', '  pad  ', 'é ✓ 😀', "it's", '\t\n'),
);
const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^[0-9]{${min},${max}}$`));
const numericText = fc.oneof(
  fc.tuple(fc.constantFrom('', '-'), digits(1, 25), fc.option(digits(1, 12))).map(([sign, int, frac]) => `${sign}${int}${frac ? `.${frac}` : ''}`),
  fc.constantFrom('12345678901234567890.123456789', '0.000000000000000000001', '1.10', 'NaN', 'Infinity', '-Infinity'),
);
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dateText = fc.record({ y: fc.integer({ min: 1, max: 9999 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }) }).map(
  ({ y, m, d }) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`,
);
const timeText = fc
  .record({ h: fc.integer({ min: 0, max: 23 }), mi: fc.integer({ min: 0, max: 59 }), s: fc.integer({ min: 0, max: 59 }), us: fc.integer({ min: 0, max: 999_999 }) })
  .map(({ h, mi, s, us }) => `${pad(h)}:${pad(mi)}:${pad(s)}.${pad(us, 6)}`);
const zone = fc.constantFrom('+00', '+05:30', '-08', '+14', '-03:30', ' Europe/Paris', ' UTC');
// A jsonb value Postgres accepts (no \u0000) with numbers JavaScript cannot hold exactly.
const jsonText = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  fc.constantFrom('{"qty": 1, "sku": "a,b"}', '{"n": 12345678901234567890.5, "x": 1.10}', '"just a string"', '[1, "two", null]', '  { "spaced" :  true }  ', '12'),
).filter((text) => !text.includes('\\u0000'));

/** One column's value as Postgres literal text (null for NULL). */
const VALUES: Record<string, fc.Arbitrary<string | null>> = {
  j: jsonText,
  jb: jsonText,
  ints: fc.array(fc.option(fc.integer(), { nil: null }), { maxLength: 5 }).map((a) => `{${a.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`),
  texts: fc
    .array(fc.option(tricky, { nil: null }), { maxLength: 5 })
    .map((a) => `{${a.map((v) => (v === null ? 'NULL' : `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`),
  bin: fc.uint8Array({ maxLength: 16 }).map((bytes) => `\\x${Buffer.from(bytes).toString('hex')}`),
  num: numericText,
  big: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String),
  tstz: fc.oneof(fc.tuple(dateText, timeText, zone).map(([d, t, z]) => `${d} ${t}${z}`), fc.constantFrom('infinity', '-infinity')),
  ts: fc.tuple(dateText, timeText).map(([d, t]) => `${d} ${t}`),
  d: dateText,
  mood: fc.constantFrom(...MOODS),
  t: tricky,
  vc: tricky,
  b: fc.constantFrom('true', 'false'),
  f8: fc.oneof(fc.double().map((x) => (Object.is(x, -0) ? '-0' : String(x))), fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e-300', '0.1')),
  i4: fc.integer().map(String),
  u: fc.uuid(),
  nums: fc.array(fc.option(numericText, { nil: null }), { maxLength: 4 }).map((a) => `{${a.map((v) => v ?? 'NULL').join(',')}}`),
};
const rowValues = fc.record(Object.fromEntries(NAMES.map((name) => [name, fc.option(VALUES[name]!, { nil: null, freq: 5 })])) as Record<string, fc.Arbitrary<string | null>>);

async function insertRaw(id: bigint, values: Record<string, string | null>) {
  const names = Object.keys(values);
  if (names.length === 0) return void (await pool.query('insert into rt (id) values ($1)', [String(id)]));
  await pool.query(
    `insert into rt (id, ${names.join(', ')}) values ($1, ${names.map((_, i) => `$${i + 2}`).join(', ')})`,
    [String(id), ...names.map((name) => values[name])],
  );
}

/** The row as the grid reads it (its page query gives the key), then as the edit panel reads it (whole, as text). */
async function readAsPanel(id: bigint): Promise<Row> {
  const plan = pagePlan(table, []);
  const page = readRows(table, plan, await run(pageSql(table, plan, [{ column: 'id', operator: 'eq', value: String(id) }], { after: null })));
  expect(page).toHaveLength(1);
  const gridRow = { ...page[0]!.values, ...(page[0]!.key ?? {}) };
  const key = rowKey(table, gridRow);
  return readEditRow(table, key, await run(editRowStatement(table, key)));
}

/** Columns whose `::text` differ between two rows. */
async function differing(a: bigint, b: bigint): Promise<string[]> {
  const { rows } = await pool.query(
    `select ${NAMES.map((n) => `(x.${n}::text is distinct from y.${n}::text) as ${n}`).join(', ')} from rt x, rt y where x.id = $1 and y.id = $2`,
    [String(a), String(b)],
  );
  return NAMES.filter((name) => rows[0][name] === true);
}

let nextId = 1n;

describe('row panel round trip (issue 14.1)', () => {
  it('read → form → update and insert gives back exactly the value read, for every type', async () => {
    await fc.assert(
      fc.asyncProperty(rowValues, rowValues, async (source, target) => {
        const sourceId = nextId++;
        const targetId = nextId++;
        await insertRaw(sourceId, source);
        await insertRaw(targetId, target);
        // The form of the source row, as the panel shows it: every field valid, unchanged → nothing to save.
        const sourceRow = await readAsPanel(sourceId);
        const draft = initialDraft(table, sourceRow);
        for (const column of table.columns) expect(fieldProblem(column, draft[column.name]!), column.name).toBeNull();
        expect(updateStatement(table, sourceRow, draft)).toBeNull();
        // Saved onto the target row (every field changed to what the source form shows): identical values.
        const copied: RowDraft = { ...draft, id: { mode: 'value', text: String(targetId) } };
        const update = updateStatement(table, await readAsPanel(targetId), copied);
        if (update) await run(update);
        expect(await differing(sourceId, targetId)).toEqual([]);
        // Inserted as a new row from the same form: identical values too.
        const insertedId = nextId++;
        await run(insertStatement(table, { ...draft, id: { mode: 'value', text: String(insertedId) } }));
        expect(await differing(sourceId, insertedId)).toEqual([]);
      }),
      { numRuns: 400 },
    );
  }, 120_000);

  it('edits a jsonb object as an object: the form holds its JSON, and a change saves an object', async () => {
    const id = nextId++;
    await insertRaw(id, { jb: '{"qty": 1, "sku": "a,b", "n": 12345678901234567890.5}' });
    const row = await readAsPanel(id);
    const draft = initialDraft(table, row);
    const field = draft.jb!;
    expect(field.mode).toBe('value');
    const text = field.mode === 'value' ? field.text : '';
    expect(JSON.parse(text)).toMatchObject({ qty: 1, sku: 'a,b' });
    await run(updateStatement(table, row, { ...draft, jb: { mode: 'value', text: text.replace('"qty": 1', '"qty": 2') } })!);
    const { rows } = await pool.query(`select jsonb_typeof(jb) as kind, jb::text as text from rt where id = $1`, [String(id)]);
    expect(rows[0]).toEqual({ kind: 'object', text: '{"n": 12345678901234567890.5, "qty": 2, "sku": "a,b"}' });
  });

  it('keeps null and the empty string apart', async () => {
    const id = nextId++;
    await insertRaw(id, { t: '', vc: null });
    const row = await readAsPanel(id);
    const draft = initialDraft(table, row);
    expect(draft.t).toEqual({ mode: 'value', text: '' });
    expect(draft.vc).toEqual({ mode: 'null' });
    const flipped = updateStatement(table, row, { ...draft, t: { mode: 'null' }, vc: { mode: 'value', text: '' } });
    await run(flipped!);
    const { rows } = await pool.query(`select t is null as t_null, vc = '' as vc_empty from rt where id = $1`, [String(id)]);
    expect(rows[0]).toEqual({ t_null: true, vc_empty: true });
  });

  it('the expand-JSON panel shows the whole value readably and saves back exactly what it read', async () => {
    await fc.assert(
      fc.asyncProperty(jsonText, jsonText, async (jsonValue, jsonbValue) => {
        const id = nextId++;
        await insertRaw(id, { j: jsonValue, jb: jsonbValue });
        const twin = nextId++;
        await insertRaw(twin, {});
        for (const name of ['j', 'jb']) {
          const [cell] = await run(cellStatement(table, name, { id: String(id) }));
          const shown = expandedText(cell!.value, true);
          expect(() => JSON.parse(shown)).not.toThrow();
          const row = await readAsPanel(twin);
          await run(updateStatement(table, row, { ...initialDraft(table, row), [name]: { mode: 'value', text: shown } })!);
          // jsonb equal as jsonb (its text is normalized); json keeps its value, numbers digit for digit.
          const { rows } = await pool.query(
            `select (x.jb is not distinct from y.jb) as same_jsonb, (x.j::jsonb is not distinct from y.j::jsonb) as same_json from rt x, rt y where x.id = $1 and y.id = $2`,
            [String(id), String(twin)],
          );
          expect(rows[0]![name === 'j' ? 'same_json' : 'same_jsonb']).toBe(true);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('the reference picker hands over a bigint beyond 2^53 exactly', async () => {
    const big = '9007199254740993'; // 2^53 + 1: a JavaScript number would make it …992
    await pool.query(`insert into refd values ($1, 'far')`, [big]);
    const [found] = await run(referenceRowsStatement({ schema: 'public', table: 'refd', column: 'id', search: 'far', limit: 10, offset: 0 }));
    const chosen = (found!.row as Row).id;
    expect(String(chosen)).toBe(big);
    const refs = await loadMeta('refs');
    await run(insertStatement(refs, { id: { mode: 'value', text: '1' }, target: { mode: 'value', text: String(chosen) } }));
    const { rows } = await pool.query(`select target::text from refs where id = 1`);
    expect(rows[0].target).toBe(big);
  });
});
