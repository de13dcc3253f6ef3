import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { destructiveReasons, destructiveStatements, lexStatements, type DestructiveKind } from './sql-editor-destructive.ts';

const kinds = (sql: string) => destructiveStatements(sql).map((found) => found.kind);

describe('destructive SQL (issue 14 item 6): examples', () => {
  it.each<[string, DestructiveKind[]]>([
    ['delete from t', ['delete']],
    ['DELETE FROM public.t;', ['delete']],
    ['delete from t where id = 1', []],
    ['delete from t where current of c', []],
    ['delete from t using (select id from u where u.x) s', ['delete']],
    ['delete from t where id in (select id from u)', []],
    ['update t set a = 1', ['update']],
    ['update t set a = (select b from u where u.id = 1)', ['update']],
    ['update t set a = u.b from u where u.id = t.id', []],
    ['drop table t', ['drop']],
    ['drop schema s cascade', ['drop']],
    ['drop index if exists i', ['drop']],
    ['truncate t', ['truncate']],
    ['truncate table t restart identity', ['truncate']],
    ['alter table t drop column c', ['dropColumn']],
    ['alter table t drop c', ['dropColumn']],
    ['alter table if exists only "T" * drop if exists c', ['dropColumn']],
    ['alter table s.t add column x int, drop column y', ['dropColumn']],
    ['alter table t drop constraint t_pkey', []],
    ['alter table t alter column c drop default', []],
    ['alter table t alter column c drop not null, add column d int', []],
    ['alter table t rename column drop to d', []],
    ['select 1', []],
    ['insert into t values (1)', []],
    ['create table drop_me (id int)', []],
    ['select * from t where x', []],
    ['explain delete from t', []],
    ['explain (format text, verbose) delete from t', []],
    ['explain analyze delete from t', ['delete']],
    ['explain (analyze, buffers) update t set a = 1', ['update']],
    ['explain (analyze false) update t set a = 1', []],
    ['with gone as (delete from t returning *) select * from gone', ['delete']],
    ['with recent as materialized (select 1) delete from t', ['delete']],
    ['with a(x) as (select 1), b as (select 2) update t set v = 1 where id = 2', []],
    ['with a as (select 1) delete from t where id in (select x from a)', []],
  ])('%s → %j', (sql, expected) => {
    expect(kinds(sql)).toEqual(expected);
  });

  it('ignores comments, strings, quoted identifiers and dollar quotes', () => {
    expect(kinds('select 1 -- drop table t')).toEqual([]);
    expect(kinds('select 1 /* outer /* nested drop table t */ still a comment; delete from t */')).toEqual([]);
    expect(kinds("select 'drop table t; delete from t'")).toEqual([]);
    expect(kinds("select 'it''s; drop table t'")).toEqual([]);
    expect(kinds("select E'\\'; drop table t'")).toEqual([]);
    expect(kinds('select "drop" from "delete"')).toEqual([]);
    expect(kinds('create function f() returns void language sql as $$ delete from t $$')).toEqual([]);
    expect(kinds('create function f() returns void language sql as $body$ drop table t; $body$')).toEqual([]);
    // A parameter is not a dollar quote.
    expect(kinds('select $1; delete from t')).toEqual(['delete']);
    // After the comment, the statement goes on.
    expect(kinds('/* why */ delete -- all of them\n from t')).toEqual(['delete']);
  });

  it('checks every statement and says which one', () => {
    expect(destructiveStatements('select 1; delete from t where id = 1;\n\ndrop table u; ; update t set a = 1')).toEqual([
      { kind: 'drop', statement: 2 },
      { kind: 'update', statement: 3 },
    ]);
    expect(destructiveReasons('drop table a; drop table b; delete from c')).toEqual(['drop statement', 'delete without a where clause']);
    expect(destructiveReasons('select 1')).toEqual([]);
  });

  it('an unterminated string or comment swallows the rest (as Postgres would refuse it anyway)', () => {
    expect(kinds("select 'open; drop table t")).toEqual([]);
    expect(kinds('select 1 /* open; drop table t')).toEqual([]);
    expect(lexStatements('')).toEqual([]);
  });
});

// ─── properties ───────────────────────────────────────────────────────────────────────────────────────────────────

const statements: [string, DestructiveKind[]][] = [
  ['delete from t', ['delete']],
  ['delete from t where id = 1', []],
  ['update t set a = 1', ['update']],
  ['drop table t', ['drop']],
  ['truncate t', ['truncate']],
  ['alter table t drop column c', ['dropColumn']],
  ['select 1', []],
  ['insert into t values (1)', []],
];
const statementArb = fc.constantFrom(...statements);
/** Text that may hold anything, including quotes, semicolons and SQL keywords. */
const textArb = fc.oneof(fc.string(), fc.constantFrom('drop table t', "'; delete from t; '", '*/ delete from t /*', '$$', '"'));

describe('destructive SQL: properties', () => {
  it('a script is destructive exactly where its statements are, in order', () => {
    fc.assert(
      fc.property(fc.array(statementArb, { maxLength: 6 }), (chosen) => {
        const sql = chosen.map(([text]) => text).join(';\n');
        expect(kinds(sql)).toEqual(chosen.flatMap(([, expected]) => expected));
      }),
    );
  });

  it('anything inside a string literal, a quoted identifier, a comment or a dollar quote never counts', () => {
    fc.assert(
      fc.property(statementArb, textArb, fc.constantFrom('string', 'identifier', 'line', 'block', 'dollar'), ([text, expected], inside, wrap) => {
        const wrapped = {
          string: `'${inside.replaceAll("'", "''")}'`,
          identifier: `"${inside.replaceAll('"', '""')}"`,
          line: `-- ${inside.replaceAll('\n', ' ').replaceAll('\r', ' ')}\n`,
          block: `/* ${inside.replaceAll('/*', '/ *').replaceAll('*/', '* /')} */`,
          dollar: `$q$${inside.replaceAll('$q$', 'q')}$q$`,
        }[wrap];
        // As a value in a harmless statement before the checked one: only the checked statement counts.
        expect(kinds(`select ${wrapped} as x; ${text}`)).toEqual(expected);
      }),
    );
  });

  it('comments and spacing between words change nothing', () => {
    fc.assert(
      fc.property(statementArb, fc.constantFrom(' ', '\n\t', ' /* c */ ', ' -- c\n'), ([text, expected], gap) => {
        expect(kinds(text.split(' ').join(gap))).toEqual(expected);
        expect(kinds(text.toUpperCase())).toEqual(expected);
      }),
    );
  });
});
