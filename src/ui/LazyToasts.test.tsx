// @vitest-environment jsdom
import './testing/jsdom.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Toasts } from './LazyToasts.tsx';
import { toast } from './toast.ts';

afterEach(() => {
  act(() => toast.clear());
});

describe('Toasts, the root route lazily loaded region', () => {
  it('renders nothing before the first toast, then the queued toast in the Notifications region', async () => {
    const { container } = render(<Toasts />);
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('region')).toBeNull();
    act(() => void toast.error('Failed to open merge request'));
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toBe('Failed to open merge request');
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeTruthy();
  });

  it('shows a toast queued before it mounted', async () => {
    act(() => void toast.success('Merge request created'));
    render(<Toasts />);
    expect((await screen.findByRole('status', {}, { timeout: 10_000 })).textContent).toBe('Merge request created');
  });
});
