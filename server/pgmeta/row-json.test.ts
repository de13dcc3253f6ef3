// The query endpoint's rows written from their text (row-json.ts) against what pg's object path writes: the same
// values once parsed, for every kind of column, and the object path kept where it must be.
import fc from 'fast-check';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { projectTypes } from '../projects/pools.ts';
import { jsonDeeperThan, RAW_JSON_DEPTH, RowWriter } from './row-json.ts';

type Field = { name: string; dataTypeID: number };
type PgResult = { addFields(fields: unknown[]): void; parseRow(values: unknown[]): unknown; fields: Field[] };
const PgResultClass = (pg as unknown as { Result: new (rowMode?: string, types?: unknown) => PgResult }).Result;

/** A pg Result with these columns, parsing as the project pools do (or with pg's defaults). */
function resultOf(fields: Field[], types: unknown = projectTypes): PgResult {
  const result = new PgResultClass(undefined, types);
  result.addFields(fields.map((field) => ({ ...field, format: 'text', tableID: 0, columnID: 0, dataTypeSize: -1, dataTypeModifier: -1 })));
  return result;
}

function bothWays(fields: Field[], values: Array<string | null>, types?: unknown): { fast: string; object: string } {
  const result = resultOf(fields, types);
  const writer = RowWriter.of(result as never);
  if (!writer) throw new Error('no writer for these columns');
  return { fast: writer.write(values), object: JSON.stringify(result.parseRow(values)) };
}

const TEXT = 25;
const INT4 = 23;
const INT2 = 21;
const OID = 26;
const BOOL = 16;
const FLOAT8 = 701;
const JSON_TYPE = 114;
const JSONB = 3802;
const INT8 = 20;
const TIMESTAMPTZ = 1184;
const INT4_ARRAY = 1007;

describe('RowWriter', () => {
  it('writes the values the object path writes, for every kind of column', () => {
    const fields: Field[] = [
      { name: 'id', dataTypeID: INT8 },
      { name: 'name', dataTypeID: TEXT },
      { name: 'n', dataTypeID: INT4 },
      { name: 'small', dataTypeID: INT2 },
      { name: 'oid', dataTypeID: OID },
      { name: 'ok', dataTypeID: BOOL },
      { name: 'f', dataTypeID: FLOAT8 },
      { name: 'doc', dataTypeID: JSONB },
      { name: 'raw', dataTypeID: JSON_TYPE },
      { name: 'at', dataTypeID: TIMESTAMPTZ },
      { name: 'list', dataTypeID: INT4_ARRAY },
      { name: 'quoted "name"\n', dataTypeID: TEXT },
      { name: '__proto__', dataTypeID: TEXT },
    ];
    const rows: Array<Array<string | null>> = [
      ['9007199254740993', 'a "quoted"\nline\u2028é', '-2147483648', '32767', '4294967295', 't', 'NaN', '{"a": [1, 2.50, {"b": null}], "c": "\\u0000x"}', ' {"a":1,"a":2} ', '2024-01-01 00:00:00+00', '{1,NULL,3}', 'x', 'proto'],
      [null, null, null, null, null, null, null, null, null, null, null, null, null],
      ['1', '', '0', '-1', '0', 'f', '-Infinity', '[]', '"just a string"', '1999-12-31 23:59:59.999+01', '{}', '', ''],
      ['2', '\ud800 lone', '7', '7', '7', 't', '1e+100', '12345678901234567890', 'null', '2024-02-29 12:00:00+00', '{-5}', '\\', '{}'],
    ];
    for (const values of rows) {
      const { fast, object } = bothWays(fields, values);
      expect(JSON.parse(fast)).toEqual(JSON.parse(object));
    }
  });

  it('is the object path on random text, integers, floats and JSON documents', () => {
    const fields: Field[] = [
      { name: 't', dataTypeID: TEXT },
      { name: 'i', dataTypeID: INT4 },
      { name: 'f', dataTypeID: FLOAT8 },
      { name: 'j', dataTypeID: JSONB },
    ];
    fc.assert(
      fc.property(
        fc.option(fc.string({ unit: 'binary' }), { nil: null }),
        fc.option(fc.integer(), { nil: null }),
        fc.option(fc.double(), { nil: null }),
        fc.option(fc.json(), { nil: null }),
        (t, i, f, j) => {
          // Postgres's texts: an integer's digits, a float's shortest form (Infinity, NaN), JSON as it was sent.
          const float = f === null ? null : Number.isNaN(f) ? 'NaN' : f === Infinity ? 'Infinity' : f === -Infinity ? '-Infinity' : String(f);
          const { fast, object } = bothWays(fields, [t, i === null ? null : String(i), float, j]);
          expect(JSON.parse(fast)).toEqual(JSON.parse(object));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps the object path for repeated column names (one key, first place, last value)', () => {
    const result = resultOf([
      { name: 'a', dataTypeID: TEXT },
      { name: 'a', dataTypeID: TEXT },
    ]);
    expect(RowWriter.of(result as never)).toBeNull();
    expect(JSON.stringify(result.parseRow(['first', 'second']))).toBe('{"a":"second"}');
  });

  it("writes pg's default parsers' values too (a pool without the project types)", () => {
    const fields: Field[] = [
      { name: 'at', dataTypeID: TIMESTAMPTZ },
      { name: 'doc', dataTypeID: JSONB },
      { name: 'id', dataTypeID: INT8 },
    ];
    const { fast, object } = bothWays(fields, ['2024-01-01 00:00:00+00', '{"a": 1}', '5'], undefined);
    expect(JSON.parse(fast)).toEqual(JSON.parse(object));
  });

  it('writes a deep json value through the object path, so what cannot be serialised fails as before', () => {
    const fields: Field[] = [{ name: 'doc', dataTypeID: JSONB }];
    const within = `${'['.repeat(RAW_JSON_DEPTH)}1${']'.repeat(RAW_JSON_DEPTH)}`;
    expect(bothWays(fields, [within]).fast).toBe(`{"doc":${within}}`);
    const deeper = `${'['.repeat(RAW_JSON_DEPTH + 1)}1${']'.repeat(RAW_JSON_DEPTH + 1)}`;
    const { fast, object } = bothWays(fields, [deeper]);
    expect(fast).toBe(object); // re-serialised: no whitespace
    const tooDeep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const writer = RowWriter.of(resultOf(fields) as never)!;
    expect(() => writer.write([tooDeep])).toThrow(RangeError);
  });

  it('counts depth outside strings only', () => {
    expect(jsonDeeperThan('{"a": "[[[[[", "b": [1]}', 2)).toBe(false);
    expect(jsonDeeperThan('{"a": "\\"[[[", "b": [[1]]}', 2)).toBe(true);
    expect(jsonDeeperThan('[[1], [2], [3]]', 2)).toBe(false);
  });
});
