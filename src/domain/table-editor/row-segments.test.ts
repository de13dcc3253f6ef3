import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { GridRow } from './rows.ts';
import { MAX_ROWS_KEPT, placePage, planFetch, replaceRow, rowAt, rowTotal, trimSegments, type FetchedPage, type PageRequest, type Segment } from './row-segments.ts';

const row = (i: number): GridRow => ({ values: { id: i }, truncated: [], cursor: [String(i)], key: { id: String(i) } });

/** A table of `size` rows, answering requests the way the page SQL does. */
function serve(size: number, request: PageRequest, limit: number): FetchedPage {
  let from = request.kind === 'next' && request.after ? Number(request.after[0]) + 1 : request.offset;
  // A jump past the end gets the last page (as the table-rows actor does).
  const past = request.kind === 'jump' && from >= size;
  if (past) from = Math.max(0, size - limit);
  const rows = Array.from({ length: Math.max(0, Math.min(limit, size - from)) }, (_, i) => row(from + i));
  return { rows, offset: from, complete: past || rows.length < limit };
}

describe('row window', () => {
  it('loads the first page, then the next one by cursor as the view scrolls', () => {
    let segments: Segment[] = [];
    const first = planFetch(segments, { start: 0, end: 20 }, null, true)!;
    expect(first).toEqual({ kind: 'next', segmentStart: 0, offset: 0, after: null });
    segments = placePage(segments, first, serve(1000, first, 100));
    expect(planFetch(segments, { start: 0, end: 20 }, 1000, true)).toBeNull();
    const next = planFetch(segments, { start: 60, end: 80 }, 1000, true)!;
    expect(next).toEqual({ kind: 'next', segmentStart: 0, offset: 100, after: ['99'] });
    segments = placePage(segments, next, serve(1000, next, 100));
    expect(rowAt(segments, 150)).toEqual(row(150));
  });

  it('jumps far away, then joins the segments when they meet', () => {
    let segments = placePage([], { kind: 'next', segmentStart: 0, offset: 0, after: null }, serve(400, { kind: 'jump', offset: 0 }, 100));
    const jump = planFetch(segments, { start: 250, end: 270 }, 400, true)!;
    expect(jump).toEqual({ kind: 'jump', offset: 250 });
    segments = placePage(segments, jump, serve(400, jump, 100));
    expect(segments.map((s) => [s.start, s.rows.length, s.complete])).toEqual([[0, 100, false], [250, 100, false]]);
    for (const start of [100, 200]) {
      const request = planFetch(segments, { start, end: start + 10 }, 400, true)!;
      segments = placePage(segments, request, serve(400, request, 100));
    }
    expect(segments.map((s) => [s.start, s.rows.length])).toEqual([[0, 350]]);
    const end = planFetch(segments, { start: 380, end: 400 }, 400, true)!;
    segments = placePage(segments, end, serve(400, end, 100));
    // The rows 350–379 were never in view: still a gap; the last segment knows the table ends at 400.
    expect(segments.map((s) => [s.start, s.rows.length, s.complete])).toEqual([[0, 350, false], [380, 20, true]]);
    expect(rowTotal(segments, 1_000_000)).toBe(400);
    expect(planFetch(segments, { start: 390, end: 410 }, 1_000_000, true)).toBeNull();
  });

  it('pages by offset without keyset, and replaces an edited row in place', () => {
    const segments = placePage([], { kind: 'next', segmentStart: 0, offset: 0, after: null }, { rows: [row(0), row(1)], offset: 0, complete: false });
    expect(planFetch(segments, { start: 0, end: 5 }, 10, false)).toEqual({ kind: 'next', segmentStart: 0, offset: 2, after: null });
    const edited = { ...row(1), values: { id: 'x' } };
    expect(rowAt(replaceRow(segments, 1, edited), 1)).toBe(edited);
  });

  it('drops far segments past the cap, never the visible one', () => {
    const segments: Segment[] = [0, 5000, 10_000].map((start) => ({ start, rows: Array.from({ length: 1500 }, (_, i) => row(start + i)), complete: false }));
    expect(trimSegments(segments, { start: 10_010, end: 10_030 }).map((s) => s.start)).toEqual([5000, 10_000]);
    expect(trimSegments(segments, { start: 10_010, end: 10_030 }, 10)).toHaveLength(1);
  });
});

describe('row window: properties', () => {
  it('whatever the scrolling, every loaded position holds its own row and the view ends up loaded', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 1, max: 120 }),
        fc.array(fc.integer({ min: 0, max: 3200 }), { minLength: 1, maxLength: 12 }),
        fc.option(fc.integer({ min: 0, max: 5000 }), { nil: null }),
        (size, limit, starts, estimate) => {
          let segments: Segment[] = [];
          for (const start of starts) {
            const visible = { start, end: start + 25 };
            for (let guard = 0; guard < 200; guard += 1) {
              const request = planFetch(segments, visible, estimate ?? size, true);
              if (!request) break;
              segments = trimSegments(placePage(segments, request, serve(size, request, limit)), visible);
            }
            const total = rowTotal(segments, estimate ?? size);
            for (let i = Math.min(start, Math.max(0, total - 1)); i < Math.min(visible.end, total); i += 1) expect(rowAt(segments, i)).toEqual(row(i));
          }
          for (const segment of segments) segment.rows.forEach((r, i) => expect(r).toEqual(row(segment.start + i)));
          expect(segments.reduce((n, s) => n + s.rows.length, 0)).toBeLessThanOrEqual(MAX_ROWS_KEPT + limit + 200);
        },
      ),
    );
  });
});
