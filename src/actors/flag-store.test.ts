import { describe, expect, it, vi } from 'vitest';
import { createFlagStore } from './flag-store.ts';

describe('flag store', () => {
  it('notifies only when a value changes', () => {
    const store = createFlagStore({ a: true });
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    store.set({ a: true });
    expect(listener).not.toHaveBeenCalled();
    store.set({ a: false });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.get()).toEqual({ a: false });
    store.set({ a: false, b: true });
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    store.set({});
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
