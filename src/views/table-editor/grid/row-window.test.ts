// The grid's rendered rows by arithmetic (issue 25).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rowWindow, scrollTopToShow, windowHolds } from './row-window.ts';

const base = { rowHeight: 32, overscan: 10, viewportHeight: 400 };

describe('rowWindow', () => {
  it('at the top: the rows in view and the overscan below', () => {
    // 400 px show rows 0–12 (row 12 partly): 13 rows, then 10 more.
    expect(rowWindow({ ...base, count: 1_000_000, scrollTop: 0 })).toEqual({ start: 0, end: 23 });
  });
  it('deep in a million rows: the same small window, O(1)', () => {
    const scrollTop = 900_000 * 32;
    expect(rowWindow({ ...base, count: 1_000_000, scrollTop })).toEqual({ start: 899_990, end: 900_023 });
  });
  it('at the end and past it (a count that shrank): clamped to the rows there are', () => {
    expect(rowWindow({ ...base, count: 100, scrollTop: 100 * 32 })).toEqual({ start: 89, end: 100 });
    expect(rowWindow({ ...base, count: 5, scrollTop: 0 })).toEqual({ start: 0, end: 5 });
    expect(rowWindow({ ...base, count: 0, scrollTop: 0 })).toEqual({ start: 0, end: 0 });
  });
  it('a viewport not laid out yet (height 0) still renders the first row and the overscan', () => {
    expect(rowWindow({ ...base, viewportHeight: 0, count: 50, scrollTop: 0 })).toEqual({ start: 0, end: 11 });
  });
  it('always covers every row in the viewport, within the rows there are (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_000_000 }), fc.nat(80_000_000), fc.nat(3000), fc.nat(20), (count, scrollTop, viewportHeight, overscan) => {
        const { start, end } = rowWindow({ count, scrollTop, viewportHeight, rowHeight: 32, overscan });
        expect(0 <= start && start < end && end <= count).toBe(true);
        const firstVisible = Math.min(count - 1, Math.floor(scrollTop / 32));
        const lastVisible = Math.min(count - 1, Math.max(firstVisible, Math.ceil((scrollTop + viewportHeight) / 32) - 1));
        expect(start <= firstVisible && lastVisible < end).toBe(true);
        expect(end - start).toBeLessThanOrEqual(lastVisible - firstVisible + 1 + 2 * overscan);
      }),
    );
  });
});

describe('windowHolds', () => {
  it('a first render sized for an 800 px browser window holds the window of the 560 px grid under the page\'s header and toolbars: no second render', () => {
    const shown = rowWindow({ ...base, viewportHeight: 800, count: 1_000_000, scrollTop: 0 });
    const wanted = rowWindow({ ...base, viewportHeight: 560, count: 1_000_000, scrollTop: 0 });
    expect([shown, wanted]).toEqual([{ start: 0, end: 35 }, { start: 0, end: 28 }]);
    expect(windowHolds(shown, wanted, base.overscan)).toBe(true);
    // A grid of 400 px is 12 rows shorter: more than one overscan, so the window is measured again.
    expect(windowHolds(shown, rowWindow({ ...base, count: 1_000_000, scrollTop: 0 }), base.overscan)).toBe(false);
  });
  it('not when a row in view is missing, nor when more than one overscan too wide on a side', () => {
    expect(windowHolds({ start: 0, end: 20 }, { start: 0, end: 23 }, 10)).toBe(false);
    expect(windowHolds({ start: 5, end: 40 }, { start: 0, end: 23 }, 10)).toBe(false);
    expect(windowHolds({ start: 0, end: 34 }, { start: 0, end: 23 }, 10)).toBe(false);
    expect(windowHolds({ start: 0, end: 11 }, { start: 0, end: 11 }, 10)).toBe(true);
  });
});

describe('scrollTopToShow', () => {
  const view = { rowHeight: 32, headerHeight: 36, viewportHeight: 400 };
  it('a row in view: no scroll', () => {
    expect(scrollTopToShow(3, { ...view, scrollTop: 0 })).toBeNull();
  });
  it('a row above: its top just under the sticky header', () => {
    expect(scrollTopToShow(10, { ...view, scrollTop: 500 })).toBe(320);
  });
  it('a row below: its bottom at the viewport bottom', () => {
    // row 20 ends at 36 + 21 * 32 = 708 px of content; the viewport shows 400 px.
    expect(scrollTopToShow(20, { ...view, scrollTop: 0 })).toBe(308);
  });
});
