// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DESTRUCTIVE_TITLE, DestructiveConfirm, ElapsedTime, formatDuration } from './RunFeedback.tsx';

afterEach(() => vi.useRealTimers());

describe('run feedback (issue 14 item 6)', () => {
  it('the elapsed time ticks while the query runs', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    const startedAt = performance.now();
    render(<ElapsedTime startedAt={startedAt} />);
    expect(screen.getByRole('timer').textContent).toContain('Running… 0.0 s');
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.getByRole('timer').textContent).toContain('Running… 1.5 s');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('timer').textContent).toContain('Running… 2.5 s');
  });

  it('the elapsed time says how many statements run when there are several (issue 14)', () => {
    const { rerender } = render(<ElapsedTime startedAt={performance.now()} statements={3} />);
    expect(screen.getByRole('timer').textContent).toMatch(/^Running… \d+\.\d s · 3 statements$/);
    rerender(<ElapsedTime startedAt={performance.now()} statements={1} />);
    expect(screen.getByRole('timer').textContent).toMatch(/^Running… \d+\.\d s$/);
  });

  it('formats a duration in ms below a second, else in seconds', () => {
    expect(formatDuration(12.4)).toBe('12 ms');
    expect(formatDuration(2012)).toBe('2.01 s');
  });

  it('asks before a destructive run: Cancel is the default, each button answers once', async () => {
    const onConfirm = vi.fn();
    const onDismiss = vi.fn();
    const { rerender } = render(<DestructiveConfirm reasons={['delete without a where clause']} onConfirm={onConfirm} onDismiss={onDismiss} />);
    const dialog = screen.getByRole('alertdialog', { name: DESTRUCTIVE_TITLE });
    expect(dialog.textContent).toContain('a delete without a where clause');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.keyboard('{Enter}');
    expect(onDismiss).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Run this query' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    rerender(<DestructiveConfirm reasons={null} onConfirm={onConfirm} onDismiss={onDismiss} />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
