import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { KEPT_LOCAL_STORAGE_KEYS, keysToKeepOnSignOut, wipeLocalStorage } from './storage-wipe.ts';
import { AUTH_STORAGE_KEY } from './auth.ts';

class MapStorage {
  readonly map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

describe('storage wipe (spec A4.11)', () => {
  it('keeps the seventeen kept entries, theme under the key theme', () => {
    expect(KEPT_LOCAL_STORAGE_KEYS.theme).toBe('theme');
    expect(keysToKeepOnSignOut.size).toBe(17);
    for (const key of keysToKeepOnSignOut) if (key !== 'theme') expect(key).toMatch(/^strata\./);
  });

  it('removes everything else, the auth token included', () => {
    const storage = new MapStorage();
    storage.setItem('theme', 'light');
    storage.setItem(KEPT_LOCAL_STORAGE_KEYS.lastSignInMethod, 'email');
    storage.setItem(AUTH_STORAGE_KEY, '{}');
    storage.setItem('strata.sql-editor.split', '50');
    storage.setItem('other', 'x');
    const removed = wipeLocalStorage(storage);
    expect(removed.sort()).toEqual([AUTH_STORAGE_KEY, 'other', 'strata.sql-editor.split'].sort());
    expect([...storage.map.keys()].sort()).toEqual([KEPT_LOCAL_STORAGE_KEYS.lastSignInMethod, 'theme'].sort());
  });

  it('works on the real jsdom-like Storage interface shape', () => {
    const storage = new MapStorage();
    expect(wipeLocalStorage(storage)).toEqual([]);
  });

  it('property: exactly the kept keys survive, whatever else was stored', () => {
    const kept = [...keysToKeepOnSignOut];
    fc.assert(
      fc.property(fc.uniqueArray(fc.oneof(fc.string(), fc.constantFrom(...kept))), (keys) => {
        const storage = new MapStorage();
        for (const key of keys) storage.setItem(key, 'v');
        wipeLocalStorage(storage);
        expect([...storage.map.keys()].sort()).toEqual(keys.filter((key) => keysToKeepOnSignOut.has(key)).sort());
      }),
    );
  });
});
