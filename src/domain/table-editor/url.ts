// The grid's sort and filter in the address bar (issue 6 contract): one search value each, several entries joined
// by commas — `sort=a:asc,b:desc`, `filter=col:op:value,…`. Column names and values may contain anything, so the
// three characters with a meaning here (`%`, `,`, `:`) are percent-escaped inside each part; everything else is
// left readable (`filter=id:eq:5`). Parsing never throws: a part that does not make sense is dropped.
import { FILTER_OPERATORS, type FilterOperator, type RowFilter, type RowSort } from './types.ts';

const escapePart = (text: string): string => text.replace(/%/g, '%25').replace(/,/g, '%2C').replace(/:/g, '%3A');

function unescapePart(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null; // a lone '%' or a broken escape: the part is garbage
  }
}

const isOperator = (text: string): text is FilterOperator => (FILTER_OPERATORS as readonly string[]).includes(text);

export function serializeSorts(sorts: readonly RowSort[]): string | undefined {
  if (sorts.length === 0) return undefined;
  return sorts.map((sort) => `${escapePart(sort.column)}:${sort.ascending ? 'asc' : 'desc'}`).join(',');
}

/** `a:asc,b:desc` → sorts; a column named twice keeps its first direction. */
export function parseSorts(value: unknown): RowSort[] {
  if (typeof value !== 'string' || value === '') return [];
  const sorts: RowSort[] = [];
  for (const part of value.split(',')) {
    const pieces = part.split(':');
    if (pieces.length !== 2) continue;
    const column = unescapePart(pieces[0]!);
    const direction = pieces[1]!.toLowerCase();
    if (!column || (direction !== 'asc' && direction !== 'desc')) continue;
    if (sorts.some((sort) => sort.column === column)) continue;
    sorts.push({ column, ascending: direction === 'asc' });
  }
  return sorts;
}

export function serializeFilters(filters: readonly RowFilter[]): string | undefined {
  if (filters.length === 0) return undefined;
  return filters.map((filter) => `${escapePart(filter.column)}:${filter.operator}:${escapePart(filter.value)}`).join(',');
}

/** `col:op:value,…` → filters; unknown operators, empty columns and broken escapes are dropped. */
export function parseFilters(value: unknown): RowFilter[] {
  if (typeof value !== 'string' || value === '') return [];
  const filters: RowFilter[] = [];
  for (const part of value.split(',')) {
    const pieces = part.split(':');
    if (pieces.length !== 3) continue;
    const column = unescapePart(pieces[0]!);
    const operator = pieces[1]!.toLowerCase();
    const text = unescapePart(pieces[2]!);
    if (!column || text === null || !isOperator(operator)) continue;
    filters.push({ column, operator, value: text });
  }
  return filters;
}

/** The sort after a click on a column header: none → ascending → descending → none (that column alone). */
export function toggleSort(sorts: readonly RowSort[], column: string): RowSort[] {
  const current = sorts.find((sort) => sort.column === column);
  if (!current) return [{ column, ascending: true }];
  if (current.ascending) return [{ column, ascending: false }];
  return [];
}

/** Keeps only the sorts and filters on columns the table has (a renamed or dropped column leaves the URL). */
export function knownColumns<T extends { column: string }>(entries: readonly T[], columns: readonly string[]): T[] {
  return entries.filter((entry) => columns.includes(entry.column));
}
