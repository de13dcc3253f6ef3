// The rules of the grid's sort popover (issue 14): an ordered list of sorts, each on a different column of the
// table. Every operation returns a new list and leaves the given one as it is; an operation that would name an
// unknown column or a column already sorted changes nothing, so the list never holds a column twice.
import type { RowSort } from './types.ts';

export type SortMove = 'up' | 'down';

const has = (sorts: readonly RowSort[], column: string) => sorts.some((sort) => sort.column === column);

/** The columns no rule sorts by yet, in the table's order: what 'Pick a column to sort by' offers. */
export function unsortedColumns(sorts: readonly RowSort[], columns: readonly string[]): string[] {
  return columns.filter((column) => !has(sorts, column));
}

/** A rule on `column` at the end (ascending first, as a header click does); unknown or already sorted: unchanged. */
export function addSortRule(sorts: readonly RowSort[], column: string, columns: readonly string[], ascending = true): RowSort[] {
  if (!columns.includes(column) || has(sorts, column)) return [...sorts];
  return [...sorts, { column, ascending }];
}

export function removeSortRule(sorts: readonly RowSort[], column: string): RowSort[] {
  return sorts.filter((sort) => sort.column !== column);
}

/** The rule on `column` one place earlier ('up', sorted by first) or later; at either end: unchanged. */
export function moveSortRule(sorts: readonly RowSort[], column: string, move: SortMove): RowSort[] {
  const from = sorts.findIndex((sort) => sort.column === column);
  const to = move === 'up' ? from - 1 : from + 1;
  const next = [...sorts];
  if (from < 0 || to < 0 || to >= sorts.length) return next;
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

export function setSortDirection(sorts: readonly RowSort[], column: string, ascending: boolean): RowSort[] {
  return sorts.map((sort) => (sort.column === column ? { column, ascending } : sort));
}

/** The rule on `from` sorts by `to` instead, in the same place and direction; `to` unknown or sorted: unchanged. */
export function changeSortColumn(sorts: readonly RowSort[], from: string, to: string, columns: readonly string[]): RowSort[] {
  if (!columns.includes(to) || has(sorts, to)) return [...sorts];
  return sorts.map((sort) => (sort.column === from ? { column: to, ascending: sort.ascending } : sort));
}

/** Whether a rule on `column` can move that way (the popover's Move up / Move down buttons). */
export function canMoveSortRule(sorts: readonly RowSort[], column: string, move: SortMove): boolean {
  const index = sorts.findIndex((sort) => sort.column === column);
  return index >= 0 && (move === 'up' ? index > 0 : index < sorts.length - 1);
}

export const sameSorts = (a: readonly RowSort[], b: readonly RowSort[]): boolean =>
  a.length === b.length && a.every((sort, index) => sort.column === b[index]!.column && sort.ascending === b[index]!.ascending);

/** The Sort button's words: 'Sort' with none, else 'Sorted by N rule(s)'. */
export function sortButtonLabel(count: number): string {
  if (count === 0) return 'Sort';
  return `Sorted by ${count} ${count === 1 ? 'rule' : 'rules'}`;
}
