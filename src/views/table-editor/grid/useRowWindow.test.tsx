// @vitest-environment jsdom
// The grid's row window (issue 25): sized for the browser window before the first layout, so that opening a table
// renders its rows once; measured again only when that guess does not hold, and kept exact while scrolling.
import '../../../ui/testing/jsdom.ts';
import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRowWindow } from './useRowWindow.ts';

const windows: Array<{ start: number; end: number }> = [];

function Rows({ count }: { count: number }) {
  const scroller = useRef<HTMLDivElement>(null);
  const { items } = useRowWindow(scroller, count, { rowHeight: 32, overscan: 10, headerHeight: 36 });
  windows.push({ start: items[0]?.index ?? 0, end: (items.at(-1)?.index ?? -1) + 1 });
  return <div ref={scroller} data-testid="scroller" />;
}

/** The scroller's height as a layout would give it (jsdom lays nothing out), and the browser window's. */
function layout(gridHeight: number, windowHeight: number) {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(gridHeight);
  vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(windowHeight);
}

afterEach(() => {
  vi.restoreAllMocks();
  windows.length = 0;
});

describe('useRowWindow', () => {
  it('a 560 px grid in an 800 px window: the first render has every row in view, and there is no second one', () => {
    layout(560, 800);
    render(<Rows count={1_000_000} />);
    expect(windows).toEqual([{ start: 0, end: 35 }]);
  });

  it('a grid much smaller than the window: measured, then rendered again with the exact window', () => {
    layout(200, 800);
    render(<Rows count={1_000_000} />);
    expect(windows).toEqual([{ start: 0, end: 35 }, { start: 0, end: 17 }]);
  });

  it('a scroll moves the window at once, with the overscan on both sides', () => {
    layout(560, 800);
    const { getByTestId } = render(<Rows count={1_000_000} />);
    const scroller = getByTestId('scroller');
    act(() => {
      scroller.scrollTop = 32 * 100;
      scroller.dispatchEvent(new Event('scroll'));
    });
    expect(windows.at(-1)).toEqual({ start: 90, end: 128 });
  });
});
