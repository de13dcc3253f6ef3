// The grid's rendered rows (issue 25): a window computed from the scroll element's scrollTop and height, re-rendered
// only when the window moves. Fixed-height rows need no per-row measurements (see row-window.ts).
import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { rowWindow, scrollTopToShow, windowHolds } from './row-window.ts';

export interface RowWindowOptions {
  rowHeight: number;
  overscan: number;
  /** The sticky header above the rows: a row scrolled to goes under it, not behind it. */
  headerHeight: number;
}

export interface RowWindow {
  /** The rendered rows, with their top inside the rows' container. */
  items: Array<{ index: number; start: number }>;
  totalSize: number;
  /** Scrolls as little as possible to show the whole row. */
  scrollToIndex(index: number): void;
}

interface Viewport {
  scrollTop: number;
  height: number;
}

export function useRowWindow(scroller: RefObject<HTMLElement | null>, count: number, options: RowWindowOptions): RowWindow {
  const { rowHeight, overscan, headerHeight } = options;
  // The viewport as of the last time the window moved: scrolling within the window renders nothing.
  // Before the first layout the height is unknown: the window's, an upper bound, so that the first render already has
  // the rows in view (measured at 0, it had only the first row and the overscan, and rendered again at once).
  const [viewport, setViewport] = useState<Viewport>(() => ({ scrollTop: 0, height: typeof window === 'undefined' ? 0 : window.innerHeight }));
  const { start, end } = rowWindow({ count, scrollTop: viewport.scrollTop, viewportHeight: viewport.height, rowHeight, overscan });

  // What was rendered, for the scroll handler to compare with.
  const rendered = useRef({ count, start, end });
  const update = useRef((_measure?: boolean) => {});
  useLayoutEffect(() => {
    rendered.current = { count, start, end };
  });
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    // A scroll keeps the window exact (the overscan on both sides); a measure (the first layout, a resize) leaves a
    // window that already holds every row in view and at most one more overscan on each side as it is.
    update.current = (measure = false) => {
      const next = { scrollTop: element.scrollTop, height: element.clientHeight };
      const shown = rendered.current;
      const moved = rowWindow({ count: shown.count, scrollTop: next.scrollTop, viewportHeight: next.height, rowHeight, overscan });
      if (moved.start === shown.start && moved.end === shown.end) return;
      if (measure && windowHolds(shown, moved, overscan)) return;
      setViewport(next);
    };
    const onScroll = () => update.current();
    const onMeasure = () => update.current(true);
    onMeasure();
    element.addEventListener('scroll', onScroll, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(onMeasure);
    resized?.observe(element);
    return () => {
      element.removeEventListener('scroll', onScroll);
      resized?.disconnect();
      update.current = () => {};
    };
  }, [scroller, rowHeight, overscan]);
  // Another row count: the window of where the view really is (it may have scrolled within the old window since).
  useLayoutEffect(() => update.current(true), [count]);

  const items = useMemo(() => Array.from({ length: end - start }, (_, i) => ({ index: start + i, start: (start + i) * rowHeight })), [start, end, rowHeight]);
  return {
    items,
    totalSize: count * rowHeight,
    scrollToIndex: (index: number) => {
      const element = scroller.current;
      if (!element) return;
      const to = scrollTopToShow(index, { scrollTop: element.scrollTop, viewportHeight: element.clientHeight, rowHeight, headerHeight });
      if (to !== null) element.scrollTop = to;
    },
  };
}
