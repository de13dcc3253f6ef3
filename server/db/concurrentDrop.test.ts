import { describe, expect, it } from 'vitest';
import { droppedWhileRead, readRetryingDrops } from './concurrentDrop.ts';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('catalog reads racing with DDL', () => {
  it('knows the errors of an object dropped while read, and nothing else', () => {
    expect(droppedWhileRead(pgError('XX000', 'could not open relation with OID 17503'))).toBe(true);
    expect(droppedWhileRead(pgError('XX000', 'cache lookup failed for function 40211'))).toBe(true);
    expect(droppedWhileRead(pgError('XX000', 'cache lookup failed for trigger 40212'))).toBe(true);
    expect(droppedWhileRead(pgError('XX000', 'invalid page in block 7 of relation base/1/2'))).toBe(false);
    expect(droppedWhileRead(pgError('42P01', 'relation "t" does not exist'))).toBe(false);
    expect(droppedWhileRead(pgError('57014', 'canceling statement due to statement timeout'))).toBe(false);
    expect(droppedWhileRead(new Error('could not open relation with OID 1'))).toBe(false);
    expect(droppedWhileRead(null)).toBe(false);
  });

  it('reads again while objects are dropped under it, at most three times, and lets any other error through', async () => {
    let calls = 0;
    const dropped = pgError('XX000', 'could not open relation with OID 1');
    expect(await readRetryingDrops(async () => (++calls < 3 ? Promise.reject(dropped) : 'read'))).toBe('read');
    expect(calls).toBe(3);

    calls = 0;
    await expect(readRetryingDrops(async () => { calls++; throw dropped; })).rejects.toBe(dropped);
    expect(calls).toBe(3);

    calls = 0;
    const other = pgError('42501', 'permission denied');
    await expect(readRetryingDrops(async () => { calls++; throw other; })).rejects.toBe(other);
    expect(calls).toBe(1);
  });
});
