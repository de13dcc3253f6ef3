import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { proposeSnippetName } from './sql-snippet-name.ts';

describe('proposeSnippetName', () => {
  it.each([
    ['select id, total from public.orders where total > 10', 'Select from public.orders'],
    ['SELECT * FROM "Order Lines" limit 5', 'Select from Order Lines'],
    ['with recent as (select 1) select * from recent', 'Select from recent'],
    ['insert into items (name) values ($$a;b$$)', 'Insert into items'],
    ['update only accounts set x = 1', 'Update accounts'],
    ['delete from sessions where expires < now()', 'Delete from sessions'],
    ['create table if not exists public.items (id int)', 'Create table public.items'],
    ['create or replace function add(a int) returns int as $$ select a $$ language sql', 'Create function add'],
    ['create unique index items_name on items (name)', 'Create index items_name'],
    ['drop table if exists old_items', 'Drop table old_items'],
    ['alter table items add column x int', 'Alter table items'],
    ['-- Monthly revenue\nselect sum(total) from orders', 'Monthly revenue'],
    ['/* note */ select now()', 'Select now()'],
    ['vacuum analyze;', 'Vacuum analyze'],
    ['--\nselect 1 from t', 'Select from t'],
  ])('%s → %s', (sql, name) => expect(proposeSnippetName(sql)).toBe(name));

  it('proposes nothing for an empty text or comments only', () => {
    expect(proposeSnippetName('')).toBeNull();
    expect(proposeSnippetName('  /* nothing */ ;')).toBeNull();
  });

  it('only the first statement names the snippet', () => {
    expect(proposeSnippetName('select 1 from a; delete from b')).toBe('Select from a');
  });

  it('is never longer than 60 characters nor blank (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (sql) => {
        const name = proposeSnippetName(sql);
        if (name !== null) {
          expect(name.length).toBeLessThanOrEqual(60);
          expect(name.trim()).not.toBe('');
        }
      }),
    );
  });
});
