// PostgREST's query grammar (parse.ts): what it reads, and that anything outside it is a PGRST100, never passed on.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { parseFilter, parseOrder, parseQuery, parseSelect, type Condition } from './parse.ts';
import { Builder, Params } from './sql.ts';
import type { SchemaCache } from './schema.ts';

const field = (name: string) => ({ name, json: [] });

describe('select', () => {
  it('reads columns, aliases, casts, JSON paths and nested embeds with hints', () => {
    expect(parseSelect('id,name:title,pages::text,award:meta->>award,author:authors!books_author_id_fkey!inner(name,books(id))')).toEqual([
      { kind: 'column', field: field('id'), alias: null, cast: null },
      { kind: 'column', field: field('title'), alias: 'name', cast: null },
      { kind: 'column', field: field('pages'), alias: null, cast: 'text' },
      { kind: 'column', field: { name: 'meta', json: [{ arrow: '->>', key: 'award' }] }, alias: 'award', cast: null },
      {
        kind: 'embed', relation: 'authors', alias: 'author', hint: 'books_author_id_fkey', inner: true,
        select: [
          { kind: 'column', field: field('name'), alias: null, cast: null },
          { kind: 'embed', relation: 'books', alias: null, hint: null, inner: false, select: [{ kind: 'column', field: field('id'), alias: null, cast: null }] },
        ],
      },
    ]);
    expect(parseSelect('"my col","a""b"')).toEqual([
      { kind: 'column', field: field('my col'), alias: null, cast: null },
      { kind: 'column', field: field('a"b'), alias: null, cast: null },
    ]);
    expect(parseSelect('')).toEqual([{ kind: 'star' }]);
    expect(parseSelect('*,books()')[1]).toMatchObject({ kind: 'embed', select: [{ kind: 'star' }] });
  });

  it('refuses nesting deeper than 16 levels (embeds and logic trees) with a 400, not a stack overflow', () => {
    expect(() => parseSelect(`${'a('.repeat(16)}id${')'.repeat(16)}`)).not.toThrow();
    for (const depth of [17, 5000]) {
      expect(() => parseSelect(`${'a('.repeat(depth)}id${')'.repeat(depth)}`)).toThrow(ApiError);
      expect(() => parseQuery(new URLSearchParams(`or=(${'and('.repeat(depth)}a.eq.1${')'.repeat(depth)})`))).toThrow(ApiError);
    }
  });

  it('refuses what is not the grammar', () => {
    for (const bad of ['id,', 'a(', 'a)', 'id::text);drop', 'x::', '"unterminated', 'a!b!c(id)', 'id;drop table x', 'a b']) {
      expect(() => parseSelect(bad), bad).toThrow(ApiError);
    }
  });
});

describe('filters, logic trees and order', () => {
  it('reads operators, negation, modifiers and lists', () => {
    expect(parseFilter(field('a'), 'not.in.(1,"x,y",3)')).toMatchObject({ negated: true, operator: 'in', value: ['1', 'x,y', '3'] });
    expect(parseFilter(field('a'), 'fts(english).cat & dog')).toMatchObject({ operator: 'fts', modifier: 'english', value: 'cat & dog' });
    expect(parseFilter(field('a'), 'like(any).{a*,*b}')).toMatchObject({ modifier: 'any', value: ['a%', '%b'] });
    expect(parseFilter(field('a'), 'is.NULL')).toMatchObject({ operator: 'is', value: 'null' });
    expect(parseFilter(field('a'), 'eq.a.b.c')).toMatchObject({ operator: 'eq', value: 'a.b.c' });
    for (const bad of ['equals.1', 'eq', 'is.maybe', 'in.1,2', 'eq(any).1', 'fts(a;b).x', 'gt(all).{1']) {
      expect(() => parseFilter(field('a'), bad), bad).toThrow(ApiError);
    }
  });

  it('reads nested logic trees and embedded levels', () => {
    const query = parseQuery(new URLSearchParams('or=(a.eq.1,and(b.gt.2,not.or(c.is.null,d.in.(1,2))))&books.order=id.desc.nullslast&books.limit=2&books.pages=gt.3&limit=5&offset=1'));
    const top = query.levels.get('')!;
    expect(top.limit).toBe(5);
    expect(top.offset).toBe(1);
    const or = top.conditions[0] as Extract<Condition, { kind: 'logic' }>;
    expect(or.operator).toBe('or');
    expect(or.conditions[1]).toMatchObject({ kind: 'logic', operator: 'and', conditions: [{ operator: 'gt' }, { kind: 'logic', operator: 'or', negated: true }] });
    expect(query.levels.get('books')).toMatchObject({ limit: 2, order: [{ direction: 'desc', nulls: 'last' }], conditions: [{ operator: 'gt', value: '3' }] });
    expect(parseOrder('meta->>year.desc,id')).toEqual([
      { field: { name: 'meta', json: [{ arrow: '->>', key: 'year' }] }, direction: 'desc', nulls: null },
      { field: field('id'), direction: null, nulls: null },
    ]);
    for (const bad of ['or=(a.eq.1', 'or=a.eq.1', 'order=id.up', 'limit=-1', 'limit=1e3', 'offset=x', 'a..b=eq.1', 'or=()']) {
      expect(() => parseQuery(new URLSearchParams(bad)), bad).toThrow(ApiError);
    }
  });
});

describe('SQL from any query string', () => {
  const cache: SchemaCache = {
    loadedAt: Date.now(),
    schemas: ['public'],
    relations: new Map([
      ['public\u0000t', { schema: 'public', name: 't', kind: 'table', primaryKey: ['id'], description: null, columns: [] }],
    ]),
    foreignKeys: [],
    functions: new Map(),
  };

  it('never lets request text into the statement: every value is a parameter, every name a quoted identifier', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (name, value) => {
        const params = new URLSearchParams();
        params.set(name, `eq.${value}`);
        let sql = '';
        const values: unknown[] = [];
        try {
          const query = parseQuery(params);
          const p = new Params();
          sql = new Builder(cache, 'public', query, p).rows({ sql: '"public"."t"', relation: null }, { limit: 10, offset: 0, filtered: true }).rows;
          values.push(...p.values);
        } catch (error) {
          expect(error).toBeInstanceOf(ApiError);
          return;
        }
        // The value is bound, not written: strip quoted identifiers and what is left holds no request text.
        expect(values).toContain(value);
        const outsideIdentifiers = sql.replace(/"(?:[^"]|"")*"/g, '""');
        if (value.length > 2 && !/^[\w ,.()*$=<>'-]*$/.test(value)) expect(outsideIdentifiers).not.toContain(value);
      }),
      { numRuns: 300 },
    );
  });
});
