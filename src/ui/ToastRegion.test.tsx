// @vitest-environment jsdom
import './testing/jsdom.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastRegion } from './ToastRegion.tsx';
import { toast } from './toast.ts';
import { toasts } from './toast-queue.ts';

afterEach(() => {
  act(() => toast.clear());
  vi.useRealTimers();
});

describe('toast queue and region', () => {
  it('renders nothing until a toast is queued', () => {
    render(<ToastRegion />);
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('announces success and info politely (role status) and errors assertively (role alert)', () => {
    render(<ToastRegion />);
    act(() => {
      toast.success('Merge request created');
      toast.info('Restoring project');
      toast.error('Failed to open merge request');
    });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(within(region).getAllByRole('status').map((el) => el.textContent)).toEqual(
      expect.arrayContaining(['Merge request created', 'Restoring project']),
    );
    expect(within(region).getByRole('alert').textContent).toBe('Failed to open merge request');
  });

  it('closes from its close button', async () => {
    const user = userEvent.setup();
    render(<ToastRegion />);
    act(() => void toast.success('Successfully archived all notifications'));
    await user.click(screen.getByRole('button', { name: /close/i }));
    expect(screen.queryByText('Successfully archived all notifications')).toBeNull();
  });

  it('closes by itself after its timeout; a null timeout keeps it', () => {
    vi.useFakeTimers();
    render(<ToastRegion />);
    act(() => {
      toast.info('Downloading database backup', { timeout: 5000 });
      toast.info('A new version of this page is available', { timeout: null });
    });
    act(() => vi.advanceTimersByTime(5100));
    expect(screen.queryByText('Downloading database backup')).toBeNull();
    expect(screen.getByText('A new version of this page is available')).toBeTruthy();
  });

  it('runs an action and closes the toast', async () => {
    const user = userEvent.setup();
    const refresh = vi.fn();
    render(<ToastRegion />);
    act(
      () =>
        void toast.info('A new version of this page is available', {
          timeout: null,
          actions: [{ label: 'Not now', onAction: () => {} }, { label: 'Refresh', onAction: refresh }],
        }),
    );
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(toasts.visibleToasts).toHaveLength(0);
  });

  it('dismisses by key', () => {
    render(<ToastRegion />);
    let key = '';
    act(() => {
      key = toast.error('Failed to update JWT secret');
    });
    act(() => toast.dismiss(key));
    expect(screen.queryByText('Failed to update JWT secret')).toBeNull();
  });
});
