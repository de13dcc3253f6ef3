// Which rows of a big table the grid holds (issue 6): the grid scrolls over the whole table (the count), but only
// the parts seen are loaded, as "segments" of consecutive rows. Scrolling down a segment loads the page after it
// (keyset); landing where nothing is loaded (the scrollbar dragged to row 900,000) starts a new segment there
// (a jump). Pure functions; the table-rows machine keeps the segments.
import type { Cursor, GridRow } from './rows.ts';

export interface Segment {
  /** Position of the first row in the table's order. */
  start: number;
  rows: GridRow[];
  /** The last page came back short: this segment reaches the end of the table. */
  complete: boolean;
}

export interface VisibleRange {
  start: number;
  /** Exclusive. */
  end: number;
}

/** The next page of a segment (after its last row), or a page at a position where nothing is loaded. */
export type PageRequest =
  | { kind: 'next'; segmentStart: number; offset: number; after: Cursor | null }
  | { kind: 'jump'; offset: number };

/** Rows loaded beyond the visible end, so a slow scroll never shows an empty row. */
export const PREFETCH_ROWS = 30;
/** Rows kept at most; segments far from the view are dropped past it (a long scroll must not grow memory). */
export const MAX_ROWS_KEPT = 3000;

const endOf = (segment: Segment) => segment.start + segment.rows.length;

/** How many rows the grid scrolls over: the end of the table once reached, else the larger of count and loaded. */
export function rowTotal(segments: readonly Segment[], count: number | null): number {
  const ended = segments.find((segment) => segment.complete);
  if (ended) return endOf(ended);
  const loaded = segments.reduce((max, segment) => Math.max(max, endOf(segment)), 0);
  return Math.max(count ?? 0, loaded);
}

export function rowAt(segments: readonly Segment[], index: number): GridRow | undefined {
  for (const segment of segments) {
    if (index >= segment.start && index < endOf(segment)) return segment.rows[index - segment.start];
  }
  return undefined;
}

/** The first position at or after `from` that no segment holds. */
function firstMissing(segments: readonly Segment[], from: number): number {
  let position = from;
  for (const segment of segments) {
    if (position >= segment.start && position < endOf(segment)) position = endOf(segment);
  }
  return position;
}

/** What to load for the visible range (plus prefetch), or null when it is all there. */
export function planFetch(segments: readonly Segment[], visible: VisibleRange, count: number | null, keyset: boolean): PageRequest | null {
  if (segments.length === 0) return visible.start <= 0 ? { kind: 'next', segmentStart: 0, offset: 0, after: null } : { kind: 'jump', offset: visible.start };
  const total = rowTotal(segments, count);
  const from = Math.max(0, Math.min(visible.start, Math.max(0, total - 1)));
  const until = Math.min(visible.end + PREFETCH_ROWS, total);
  const missing = firstMissing(segments, from);
  if (missing >= until) return null;
  const before = segments.find((segment) => endOf(segment) === missing);
  if (before?.complete) return null;
  if (before) {
    const after = keyset ? (before.rows.at(-1)?.cursor ?? null) : null;
    return { kind: 'next', segmentStart: before.start, offset: missing, after };
  }
  return { kind: 'jump', offset: missing };
}

/**
 * A fetched page: its rows, where they start (a jump past the end of the table is answered with the last rows, so
 * it may start before the position asked for) and whether they reach the end of the table.
 */
export interface FetchedPage {
  rows: GridRow[];
  offset: number;
  complete: boolean;
}

/** The segments with a fetched page placed; overlapping segments are joined, the newer rows winning. */
export function placePage(segments: readonly Segment[], request: PageRequest, fetched: FetchedPage): Segment[] {
  const { rows } = fetched;
  const page: Segment = { start: fetched.offset, rows, complete: fetched.complete };
  const all = [...segments];
  if (request.kind === 'next') {
    const index = all.findIndex((segment) => segment.start === request.segmentStart);
    const owner = all[index];
    if (owner) all[index] = { start: owner.start, rows: [...owner.rows.slice(0, request.offset - owner.start), ...rows], complete: page.complete };
    else all.push(page);
  } else {
    // A jump that landed elsewhere than asked (past the end): the old segments beyond its end are gone rows.
    if (page.complete) return join([...all.filter((segment) => segment.start < page.start), page]);
    all.push(page);
  }
  return join(all);
}

function join(segments: Segment[]): Segment[] {
  const sorted = segments.filter((segment) => segment.rows.length > 0 || segment.complete).sort((a, b) => a.start - b.start);
  const joined: Segment[] = [];
  for (const segment of sorted) {
    const last = joined.at(-1);
    if (last && segment.start <= endOf(last)) {
      const keepEnd = endOf(segment) >= endOf(last);
      const tail = keepEnd ? [] : last.rows.slice(endOf(segment) - last.start);
      joined[joined.length - 1] = {
        start: last.start,
        rows: [...last.rows.slice(0, segment.start - last.start), ...segment.rows, ...tail],
        complete: keepEnd ? segment.complete : last.complete,
      };
    } else {
      joined.push(segment);
    }
  }
  return joined;
}

/** Drops the segments farthest from the view while more than MAX_ROWS_KEPT rows are held. */
export function trimSegments(segments: readonly Segment[], visible: VisibleRange, maxRows = MAX_ROWS_KEPT): Segment[] {
  const distance = (segment: Segment) =>
    endOf(segment) <= visible.start ? visible.start - endOf(segment) : segment.start >= visible.end ? segment.start - visible.end : 0;
  const kept = [...segments];
  let held = kept.reduce((sum, segment) => sum + segment.rows.length, 0);
  while (held > maxRows && kept.length > 1) {
    const farthest = kept.reduce((best, segment, i) => (distance(segment) > distance(kept[best]!) ? i : best), 0);
    if (distance(kept[farthest]!) === 0) break;
    held -= kept[farthest]!.rows.length;
    kept.splice(farthest, 1);
  }
  return kept;
}

/** The row at `index` replaced (after an inline edit). */
export function replaceRow(segments: readonly Segment[], index: number, row: GridRow): Segment[] {
  return segments.map((segment) =>
    index >= segment.start && index < endOf(segment)
      ? { ...segment, rows: segment.rows.map((current, i) => (segment.start + i === index ? row : current)) }
      : segment,
  );
}
