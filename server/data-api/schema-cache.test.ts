// Issue 17: the Data API's kept catalog is read again ahead of its expiry, so requests do not wait for that read (it
// queues for a connection behind them under load); a forgotten catalog (the console's DDL) is not brought back by a
// read that was in flight.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type pg from 'pg';
import { forgetSchemaCache, schemaCache } from './schema.ts';

const CACHE_MS = 5_000; // schema.ts
let ref = 'schemaref0';
let counter = 0;

/** A pool whose catalog reads answer only when the test says so; `tables` is the catalog at that moment. */
function fakePool() {
  const state = { tables: ['one'] };
  const waiting: (() => void)[] = [];
  let reads = 0;
  const client = {
    query: (text: string) =>
      new Promise((resolve) => {
        const rows = text.includes('from pg_class c join pg_namespace')
          ? state.tables.map((name) => ({ schema: 'public', name, kind: 'r', description: null, columns: [], primary_key: null }))
          : [];
        waiting.push(() => resolve({ rows }));
      }),
    release: () => {},
  };
  const pool = {
    totalCount: 1,
    idleCount: 0, // every connection busy: under load
    connect: async () => {
      reads += 1;
      return client;
    },
  } as unknown as pg.Pool;
  /** Answers every query, as many rounds as the three catalog queries take. */
  const answerAll = async () => {
    for (let round = 0; round < 10; round++) {
      while (waiting.length) waiting.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { pool, state, waiting, answerAll, reads: () => reads };
}

const names = (cache: { relations: Map<string, { name: string }> }) => [...cache.relations.values()].map((r) => r.name).sort();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-27T12:00:00Z'));
  ref = `schemaref${++counter}`;
});
afterEach(() => {
  forgetSchemaCache(ref);
  vi.useRealTimers();
});

describe('the kept catalog', () => {
  it('past half its life, under load, is read again in the background; requests meanwhile use the kept one', async () => {
    const { pool, state, waiting, answerAll, reads } = fakePool();
    const first = schemaCache(ref, pool, ['public']);
    await answerAll();
    expect(names(await first)).toEqual(['one']);
    state.tables = ['one', 'two'];
    vi.setSystemTime(Date.now() + CACHE_MS * 0.6);
    // Answered from the kept catalog while the read ahead waits.
    expect(names(await schemaCache(ref, pool, ['public']))).toEqual(['one']);
    expect(reads()).toBe(2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(waiting.length).toBeGreaterThan(0);
    await schemaCache(ref, pool, ['public']);
    expect(reads()).toBe(2); // one read ahead at a time
    await answerAll();
    expect(names(await schemaCache(ref, pool, ['public']))).toEqual(['one', 'two']);
  });

  it('forgotten while a read ahead is in flight: that read does not replace the newer one', async () => {
    const { pool, state, answerAll } = fakePool();
    const first = schemaCache(ref, pool, ['public']);
    await answerAll();
    await first;
    vi.setSystemTime(Date.now() + CACHE_MS * 0.6);
    await schemaCache(ref, pool, ['public']); // read ahead sent (its queries wait)
    forgetSchemaCache(ref);
    state.tables = ['one', 'three'];
    const next = schemaCache(ref, pool, ['public']);
    await answerAll(); // the read ahead answers too, with the same catalog but after the forget
    expect(names(await next)).toEqual(['one', 'three']);
    expect(names(await schemaCache(ref, pool, ['public']))).toEqual(['one', 'three']);
  });
});
