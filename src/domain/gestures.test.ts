import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SHEET_CLOSE_THRESHOLD_PX, sheetDragOffset, shouldCloseSheet } from './gestures.ts';

describe('shouldCloseSheet (spec A2.3)', () => {
  it('defaults to a 100 px threshold', () => {
    expect(SHEET_CLOSE_THRESHOLD_PX).toBe(100);
    expect(shouldCloseSheet(100)).toBe(false);
    expect(shouldCloseSheet(101)).toBe(true);
    expect(shouldCloseSheet(0)).toBe(false);
    expect(shouldCloseSheet(-300)).toBe(false);
    expect(shouldCloseSheet(Number.NaN)).toBe(false);
  });

  it('takes a custom threshold', () => {
    expect(shouldCloseSheet(60, 50)).toBe(true);
    expect(shouldCloseSheet(40, 50)).toBe(false);
  });

  it('closes exactly when the swipe goes beyond the threshold', () => {
    fc.assert(
      fc.property(fc.double({ min: -2000, max: 2000, noNaN: true }), fc.double({ min: 0, max: 1000, noNaN: true }), (dy, threshold) => {
        expect(shouldCloseSheet(dy, threshold)).toBe(dy > threshold);
      }),
    );
  });

  it('is monotonic: a longer downward swipe never reopens', () => {
    fc.assert(
      fc.property(fc.double({ min: -2000, max: 2000, noNaN: true }), fc.double({ min: 0, max: 2000, noNaN: true }), (dy, extra) => {
        if (shouldCloseSheet(dy)) expect(shouldCloseSheet(dy + extra)).toBe(true);
      }),
    );
  });
});

describe('sheetDragOffset', () => {
  it('follows downward drags only', () => {
    expect(sheetDragOffset(42)).toBe(42);
    expect(sheetDragOffset(-42)).toBe(0);
    expect(sheetDragOffset(Number.NaN)).toBe(0);
  });
});
