// The editor frame's schema names are a read the page does not wait for (issue 25): its value is kept with it once
// it came, so a view rendered later shows it in its first render.
import { describe, expect, it } from 'vitest';
import { pendingRead } from './table-open.ts';

describe('pendingRead', () => {
  it('holds nothing until the read settles, then its value', async () => {
    let resolve!: (value: string[]) => void;
    const read = pendingRead(new Promise<string[]>((r) => (resolve = r)));
    expect(read.settled).toBeNull();
    resolve(['public']);
    await read.promise;
    expect(read.settled).toEqual({ value: ['public'] });
  });

  it('keeps nothing for a read that failed (its view shows the failure the read resolves to)', async () => {
    const read = pendingRead(Promise.reject(new Error('down')));
    await expect(read.promise).rejects.toThrow('down');
    expect(read.settled).toBeNull();
  });
});
