import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { RowSort } from './types.ts';
import {
  addSortRule,
  canMoveSortRule,
  changeSortColumn,
  moveSortRule,
  removeSortRule,
  sameSorts,
  setSortDirection,
  sortButtonLabel,
  unsortedColumns,
} from './sort-rules.ts';

const COLUMNS = ['id', 'name', 'qty', 'created_at'];
const asc = (column: string): RowSort => ({ column, ascending: true });
const desc = (column: string): RowSort => ({ column, ascending: false });

describe('sort rules: add and remove', () => {
  it('adds a rule at the end, ascending, for a column not yet sorted', () => {
    expect(addSortRule([], 'name', COLUMNS)).toEqual([asc('name')]);
    expect(addSortRule([desc('id')], 'qty', COLUMNS)).toEqual([desc('id'), asc('qty')]);
    expect(addSortRule([desc('id')], 'qty', COLUMNS, false)).toEqual([desc('id'), desc('qty')]);
  });

  it('refuses a column already sorted (its direction kept) and a column the table does not have', () => {
    expect(addSortRule([desc('id')], 'id', COLUMNS)).toEqual([desc('id')]);
    expect(addSortRule([asc('id')], 'missing', COLUMNS)).toEqual([asc('id')]);
  });

  it('removes the rule on a column, keeping the others in order', () => {
    expect(removeSortRule([asc('id'), desc('name'), asc('qty')], 'name')).toEqual([asc('id'), asc('qty')]);
    expect(removeSortRule([asc('id')], 'qty')).toEqual([asc('id')]);
  });

  it('offers the columns not yet sorted, in the table order', () => {
    expect(unsortedColumns([], COLUMNS)).toEqual(COLUMNS);
    expect(unsortedColumns([asc('qty'), desc('id')], COLUMNS)).toEqual(['name', 'created_at']);
    expect(unsortedColumns(COLUMNS.map(asc), COLUMNS)).toEqual([]);
  });

  it('never changes the list it is given', () => {
    const sorts = Object.freeze([asc('id'), desc('name')]);
    addSortRule(sorts, 'qty', COLUMNS);
    removeSortRule(sorts, 'id');
    moveSortRule(sorts, 'name', 'up');
    setSortDirection(sorts, 'id', false);
    changeSortColumn(sorts, 'id', 'qty', COLUMNS);
    expect(sorts).toEqual([asc('id'), desc('name')]);
  });
});

describe('sort rules: order, direction and column', () => {
  const three = [asc('id'), desc('name'), asc('qty')];

  it('moves a rule up or down one place; at either end it stays', () => {
    expect(moveSortRule(three, 'name', 'up')).toEqual([desc('name'), asc('id'), asc('qty')]);
    expect(moveSortRule(three, 'name', 'down')).toEqual([asc('id'), asc('qty'), desc('name')]);
    expect(moveSortRule(three, 'id', 'up')).toEqual(three);
    expect(moveSortRule(three, 'qty', 'down')).toEqual(three);
    expect(moveSortRule(three, 'missing', 'up')).toEqual(three);
  });

  it('says which moves are possible', () => {
    expect(canMoveSortRule(three, 'id', 'up')).toBe(false);
    expect(canMoveSortRule(three, 'id', 'down')).toBe(true);
    expect(canMoveSortRule(three, 'qty', 'up')).toBe(true);
    expect(canMoveSortRule(three, 'qty', 'down')).toBe(false);
    expect(canMoveSortRule(three, 'missing', 'down')).toBe(false);
  });

  it('sets the direction of one rule', () => {
    expect(setSortDirection(three, 'id', false)).toEqual([desc('id'), desc('name'), asc('qty')]);
    expect(setSortDirection(three, 'name', true)).toEqual([asc('id'), asc('name'), asc('qty')]);
  });

  it('changes the column of a rule in place, keeping its direction, only to a column not yet sorted', () => {
    expect(changeSortColumn(three, 'name', 'created_at', COLUMNS)).toEqual([asc('id'), desc('created_at'), asc('qty')]);
    expect(changeSortColumn(three, 'name', 'qty', COLUMNS)).toEqual(three);
    expect(changeSortColumn(three, 'name', 'missing', COLUMNS)).toEqual(three);
  });

  it('compares lists by column, direction and order', () => {
    expect(sameSorts(three, [...three])).toBe(true);
    expect(sameSorts(three, moveSortRule(three, 'name', 'up'))).toBe(false);
    expect(sameSorts(three, setSortDirection(three, 'qty', false))).toBe(false);
    expect(sameSorts(three, three.slice(1))).toBe(false);
  });

  it('words the Sort button', () => {
    expect(sortButtonLabel(0)).toBe('Sort');
    expect(sortButtonLabel(1)).toBe('Sorted by 1 rule');
    expect(sortButtonLabel(2)).toBe('Sorted by 2 rules');
  });
});

describe('sort rules: properties', () => {
  // Column names include some the table does not have, so that refusals are exercised too.
  const name = fc.constantFrom(...COLUMNS, 'missing', 'other');
  const operation = fc.oneof(
    fc.record({ kind: fc.constant('add' as const), column: name, ascending: fc.boolean() }),
    fc.record({ kind: fc.constant('remove' as const), column: name }),
    fc.record({ kind: fc.constant('move' as const), column: name, move: fc.constantFrom('up' as const, 'down' as const) }),
    fc.record({ kind: fc.constant('direction' as const), column: name, ascending: fc.boolean() }),
    fc.record({ kind: fc.constant('change' as const), column: name, to: name }),
  );
  type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;
  const apply = (sorts: RowSort[], op: Operation): RowSort[] => {
    switch (op.kind) {
      case 'add': return addSortRule(sorts, op.column, COLUMNS, op.ascending);
      case 'remove': return removeSortRule(sorts, op.column);
      case 'move': return moveSortRule(sorts, op.column, op.move);
      case 'direction': return setSortDirection(sorts, op.column, op.ascending);
      case 'change': return changeSortColumn(sorts, op.column, op.to, COLUMNS);
    }
  };

  it('after any sequence of operations each column appears at most once, and only known columns appear', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 40 }), (operations) => {
        let sorts: RowSort[] = [];
        for (const op of operations) {
          sorts = apply(sorts, op);
          const columns = sorts.map((sort) => sort.column);
          expect(new Set(columns).size).toBe(columns.length);
          for (const column of columns) expect(COLUMNS).toContain(column);
          // What remains to pick and what is sorted split the table's columns exactly.
          expect([...columns, ...unsortedColumns(sorts, COLUMNS)].sort()).toEqual([...COLUMNS].sort());
        }
      }),
    );
  });

  it('a move keeps the same rules, and up then down brings the list back when the rule could move up', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(COLUMNS), fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }), fc.nat(3), (columns, directions, at) => {
        const sorts = columns.map((column, index) => ({ column, ascending: directions[index]! }));
        const column = columns[at % Math.max(columns.length, 1)] ?? 'id';
        const moved = moveSortRule(sorts, column, 'up');
        expect([...moved].sort((a, b) => a.column.localeCompare(b.column))).toEqual([...sorts].sort((a, b) => a.column.localeCompare(b.column)));
        if (canMoveSortRule(sorts, column, 'up')) expect(moveSortRule(moved, column, 'down')).toEqual(sorts);
        else expect(moved).toEqual(sorts);
      }),
    );
  });
});
