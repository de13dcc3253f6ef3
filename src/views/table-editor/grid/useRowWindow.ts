// The grid's rendered rows (issue 25): a window computed from the scroll element's scrollTop and height, re-rendered
// only when the window moves. Fixed-height rows need no per-row measurements (see row-window.ts).
import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { rowWindow, scrollTopToShow } from './row-window.ts';

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
  const [viewport, setViewport] = useState<Viewport>({ scrollTop: 0, height: 0 });
  const { start, end } = rowWindow({ count, scrollTop: viewport.scrollTop, viewportHeight: viewport.height, rowHeight, overscan });

  // What was rendered, for the scroll handler to compare with.
  const rendered = useRef({ count, start, end });
  const update = useRef(() => {});
  useLayoutEffect(() => {
    rendered.current = { count, start, end };
  });
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    update.current = () => {
      const next = { scrollTop: element.scrollTop, height: element.clientHeight };
      const shown = rendered.current;
      const moved = rowWindow({ count: shown.count, scrollTop: next.scrollTop, viewportHeight: next.height, rowHeight, overscan });
      if (moved.start !== shown.start || moved.end !== shown.end) setViewport(next);
    };
    const onChange = () => update.current();
    onChange();
    element.addEventListener('scroll', onChange, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(onChange);
    resized?.observe(element);
    return () => {
      element.removeEventListener('scroll', onChange);
      resized?.disconnect();
      update.current = () => {};
    };
  }, [scroller, rowHeight, overscan]);
  // Another row count: the window of where the view really is (it may have scrolled within the old window since).
  useLayoutEffect(() => update.current(), [count]);

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
