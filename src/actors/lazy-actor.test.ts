import { describe, expect, it, vi } from 'vitest';
import { lazyActor } from './lazy-actor.ts';

const fakeActor = () => ({ stop: vi.fn() });

describe('lazyActor', () => {
  it('creates the actor once, on the first load, and tells its listeners', async () => {
    const create = vi.fn(async () => fakeActor());
    const holder = lazyActor(create);
    const heard = vi.fn();
    holder.subscribe(heard);
    expect(create).not.toHaveBeenCalled();
    expect(holder.current()).toBeNull();
    const [a, b] = await Promise.all([holder.load(), holder.load()]);
    expect(a).toBe(b);
    expect(await holder.load()).toBe(a);
    expect(create).toHaveBeenCalledTimes(1);
    expect(holder.current()).toBe(a);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('stop() ends the actor; the next load starts a fresh one', async () => {
    const holder = lazyActor(async () => fakeActor());
    const first = await holder.load();
    holder.stop();
    expect(first.stop).toHaveBeenCalledTimes(1);
    expect(holder.current()).toBeNull();
    const second = await holder.load();
    expect(second).not.toBe(first);
  });

  it('an actor that arrives after stop() is stopped, never handed out', async () => {
    let resolve: (actor: ReturnType<typeof fakeActor>) => void = () => {};
    const holder = lazyActor(() => new Promise<ReturnType<typeof fakeActor>>((r) => (resolve = r)));
    const pending = holder.load();
    holder.stop();
    const late = fakeActor();
    resolve(late);
    await expect(pending).rejects.toThrow('stopped while loading');
    expect(late.stop).toHaveBeenCalledTimes(1);
    expect(holder.current()).toBeNull();
  });

  it('a failed load can be tried again', async () => {
    const create = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValueOnce(fakeActor());
    const holder = lazyActor(create);
    await expect(holder.load()).rejects.toThrow('chunk failed');
    await expect(holder.load()).resolves.toBeTruthy();
    expect(create).toHaveBeenCalledTimes(2);
  });
});
