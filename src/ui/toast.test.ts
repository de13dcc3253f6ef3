// Toasts asked for before the queue's code has loaded (issue 15: react-aria's queue is not in the first load) wait in
// order, keep their keys, and reach the queue when it loads; one dismissed while waiting never shows.
import { describe, expect, it, vi } from 'vitest';
import { subscribeToastsRequested, toast, toastsRequested } from './toast.ts';

describe('toasts before the queue loads', () => {
  it('wait, keep their keys and order, and reach the queue when it loads', async () => {
    const onRequested = vi.fn();
    subscribeToastsRequested(onRequested);
    expect(toastsRequested()).toBe(false);
    const first = toast.success('Successfully added row');
    const dropped = toast.error('Failed to add row');
    const kept = toast.info('Restoring project', { timeout: null });
    expect(toastsRequested()).toBe(true);
    expect(onRequested).toHaveBeenCalledTimes(1);
    toast.dismiss(dropped);
    const { toasts } = await import('./toast-queue.ts');
    await vi.waitFor(() => expect(toasts.visibleToasts.map((t) => t.content.message)).toHaveLength(2));
    expect(toasts.visibleToasts.map((t) => t.content.message).sort()).toEqual(['Restoring project', 'Successfully added row']);
    // The key given while waiting still closes its toast.
    toast.dismiss(first);
    expect(toasts.visibleToasts.map((t) => t.content.message)).toEqual(['Restoring project']);
    toast.dismiss(kept);
    expect(toasts.visibleToasts).toHaveLength(0);
    // Once loaded, a toast goes to the queue at once.
    toast.info('Downloading people.csv');
    expect(toasts.visibleToasts.map((t) => t.content.message)).toEqual(['Downloading people.csv']);
  });
});
