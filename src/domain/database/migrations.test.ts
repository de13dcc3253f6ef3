import { describe, expect, it } from 'vitest';
import { filterMigrations, migrationNameProblem, suggestMigrationName, transactionControlIn, versionAsTime, type MigrationRow } from './migrations.ts';

describe('migration names', () => {
  it('refuses empty, long and multi-line names and accepts others', () => {
    expect(migrationNameProblem('  ')).toMatch(/provide a name/);
    expect(migrationNameProblem('x'.repeat(201))).toMatch(/at most 200/);
    expect(migrationNameProblem('a\nb')).toMatch(/one line/);
    expect(migrationNameProblem('create orders ✓')).toBeNull();
  });
  it('suggests snake_case names', () => {
    expect(suggestMigrationName('  Add Orders: total! ')).toBe('add_orders_total');
    expect(suggestMigrationName('___')).toBe('');
  });
});

describe('transaction control in a migration', () => {
  it('finds COMMIT, ROLLBACK, BEGIN and PREPARE TRANSACTION as statements', () => {
    expect(transactionControlIn('create table a (id int); commit;')).toBe('COMMIT');
    expect(transactionControlIn('BEGIN; create table a (id int)')).toBe('BEGIN');
    expect(transactionControlIn('select 1; Rollback')).toBe('ROLLBACK');
    expect(transactionControlIn("prepare transaction 'x'")).toBe('PREPARE');
  });
  it('ignores the words inside strings, bodies, comments and other statements', () => {
    expect(transactionControlIn("select 'commit'; -- commit\n/* rollback */ select 1")).toBeNull();
    expect(transactionControlIn('create function f() returns void language plpgsql as $$ begin perform 1; end $$;')).toBeNull();
    expect(transactionControlIn('prepare q as select 1')).toBeNull();
    expect(transactionControlIn('create table "commit" (id int)')).toBeNull();
  });
});

describe('history list', () => {
  const row = (version: string, name: string): MigrationRow => ({ version, name, statements: '', applied_at: '' });
  it('sorts newest first and filters by name or version', () => {
    const rows = [row('20261127100000000001', 'create_orders'), row('20261127110000000000', 'add_total')];
    expect(filterMigrations(rows, '').map((r) => r.name)).toEqual(['add_total', 'create_orders']);
    expect(filterMigrations(rows, 'ORDERS').map((r) => r.name)).toEqual(['create_orders']);
    expect(filterMigrations(rows, '2026112711').map((r) => r.name)).toEqual(['add_total']);
  });
  it('reads a version as a UTC time', () => {
    expect(versionAsTime('20261127193045123456')).toBe('2026-11-27 19:30:45 UTC');
    expect(versionAsTime('v1')).toBe('v1');
  });
});
