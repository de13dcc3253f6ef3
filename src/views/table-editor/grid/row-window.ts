// Which rows of the grid are rendered, by arithmetic (issue 25). Every row is ROW_HEIGHT tall, so the window is two
// divisions. @tanstack/react-virtual keeps one measurement object per row instead: for a 1,000,000-row table that is
// a million objects built when the count lands (≈240 ms of script and ≈250 ms of garbage collection in a profile of
// opening the peer bench's table), while the page should already answer clicks.

export interface RowWindowInput {
  /** Rows in the grid (loaded or not). */
  count: number;
  /** The scroll element's scrollTop and clientHeight. */
  scrollTop: number;
  viewportHeight: number;
  rowHeight: number;
  /** Rows rendered beyond each edge of the viewport. */
  overscan: number;
}

/** The rows to render: [start, end). */
export function rowWindow({ count, scrollTop, viewportHeight, rowHeight, overscan }: RowWindowInput): { start: number; end: number } {
  if (count <= 0) return { start: 0, end: 0 };
  const top = Math.max(0, scrollTop);
  const firstShown = Math.min(count - 1, Math.floor(top / rowHeight));
  const lastShown = Math.min(count - 1, Math.max(firstShown, Math.ceil((top + Math.max(0, viewportHeight)) / rowHeight) - 1));
  return { start: Math.max(0, firstShown - overscan), end: Math.min(count, lastShown + 1 + overscan) };
}

/**
 * Whether the rendered window `shown` can stay for the window `wanted`: it holds every row of it, and is at most one
 * overscan wider on each side (a first render sized for the browser window, then measured in a smaller grid).
 */
export function windowHolds(shown: { start: number; end: number }, wanted: { start: number; end: number }, overscan: number): boolean {
  return shown.start <= wanted.start && shown.end >= wanted.end && wanted.start - shown.start <= overscan && shown.end - wanted.end <= overscan;
}

/**
 * The scrollTop that brings row `index` fully into view below a sticky header of `headerHeight` (the rows start
 * under it), moving as little as possible; null when it is in view already.
 */
export function scrollTopToShow(index: number, { scrollTop, viewportHeight, rowHeight, headerHeight }: { scrollTop: number; viewportHeight: number; rowHeight: number; headerHeight: number }): number | null {
  const top = index * rowHeight; // the row's top, as the scrollTop that puts it just under the header
  const bottom = headerHeight + (index + 1) * rowHeight - viewportHeight; // the scrollTop that puts its bottom at the viewport's
  if (top < scrollTop) return top;
  if (bottom > scrollTop) return Math.min(top, bottom);
  return null;
}
