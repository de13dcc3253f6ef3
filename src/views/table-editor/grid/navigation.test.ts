// The grid's keyboard model with the header row and the checkbox column (issue 24).
import { describe, expect, it } from 'vitest';
import { moveInGrid, startPosition } from './navigation.ts';

const shape = { rows: 300, columns: 4, page: 10, checkColumn: true };

describe('grid navigation (issue 24)', () => {
  it('starts on the first header; the first ↓ is row 1 (index 0), not row 2', () => {
    expect(moveInGrid(startPosition(), 'ArrowDown', shape)).toEqual({ row: 0, column: 0 });
  });
  it('steps with the arrows into the header row and the checkbox column, and no further', () => {
    expect(moveInGrid({ row: 0, column: 0 }, 'ArrowUp', shape)).toEqual({ row: -1, column: 0 });
    expect(moveInGrid({ row: -1, column: 0 }, 'ArrowUp', shape)).toEqual({ row: -1, column: 0 });
    expect(moveInGrid({ row: 5, column: 0 }, 'ArrowLeft', shape)).toEqual({ row: 5, column: -1 });
    expect(moveInGrid({ row: 5, column: -1 }, 'ArrowLeft', shape)).toEqual({ row: 5, column: -1 });
    expect(moveInGrid({ row: 5, column: 0 }, 'ArrowLeft', { ...shape, checkColumn: false })).toEqual({ row: 5, column: 0 });
    expect(moveInGrid({ row: 299, column: 3 }, 'ArrowDown', shape)).toEqual({ row: 299, column: 3 });
  });
  it('keeps Home/End/PageUp and the Ctrl corners among the data cells from a data cell', () => {
    expect(moveInGrid({ row: 40, column: 2 }, 'Home', shape, true)).toEqual({ row: 0, column: 0 });
    expect(moveInGrid({ row: 40, column: 2 }, 'Home', shape)).toEqual({ row: 40, column: 0 });
    expect(moveInGrid({ row: 5, column: 2 }, 'PageUp', shape)).toEqual({ row: 0, column: 2 });
    expect(moveInGrid({ row: 40, column: 2 }, 'End', shape, true)).toEqual({ row: 299, column: 3 });
    expect(moveInGrid({ row: -1, column: 2 }, 'PageDown', shape)).toEqual({ row: 9, column: 2 });
  });
});
