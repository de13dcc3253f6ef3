// @vitest-environment jsdom
import './testing/jsdom.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CopyButton } from './CopyButton.tsx';
import { TimestampTooltip } from './TimestampTooltip.tsx';

afterEach(() => vi.useRealTimers());

function setup() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  // user-event installs a clipboard stub on navigator.
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

describe('CopyButton (spec A9: 2 s feedback)', () => {
  it('copies and shows Copied for 2 s', async () => {
    const user = setup();
    const onCopy = vi.fn();
    render(<CopyButton text="postgresql://postgres@127.0.0.1:5432/postgres" onCopy={onCopy} />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('postgresql://postgres@127.0.0.1:5432/postgres');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(onCopy).toHaveBeenCalledTimes(1);

    act(() => vi.advanceTimersByTime(1900));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
  });

  it('names an icon-only button by its state', async () => {
    const user = setup();
    render(<CopyButton iconOnly text={() => 'anon-key'} />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('anon-key');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
  });
});

describe('TimestampTooltip (spec A2.14)', () => {
  const micros = '1709634030123000'; // 2024-03-05T10:20:30.123Z

  it('shows UTC and local time on focus, treating 16 digits as microseconds', async () => {
    const user = setup();
    render(<TimestampTooltip value={micros} timeZone="Asia/Tokyo" />);
    const trigger = screen.getByRole('button', { name: '2024-03-05 19:20:30' });
    await user.tab();
    expect(document.activeElement).toBe(trigger);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toContain('UTC');
    expect(tooltip.textContent).toContain('2024-03-05 10:20:30');
    expect(tooltip.textContent).toContain('Asia/Tokyo');
    expect(tooltip.textContent).toContain('2024-03-05 19:20:30');
  });

  it('copies the ISO time with 1 s Copied feedback', async () => {
    const user = setup();
    render(<TimestampTooltip value={micros} timeZone="UTC">5 Mar</TimestampTooltip>);
    await user.click(screen.getByRole('button', { name: '5 Mar' }));
    expect(await navigator.clipboard.readText()).toBe('2024-03-05T10:20:30.123Z');
    expect(screen.getByRole('status').textContent).toBe('Copied');
    act(() => vi.advanceTimersByTime(1001));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows an unreadable value as plain text', () => {
    render(<TimestampTooltip value="yesterday-ish" />);
    expect(screen.getByText('yesterday-ish')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
