// Issue 17: the Data API's kept project row is read again ahead of its expiry, so requests never wait for that read
// under load, and the bounds stay: no request uses a row read more than PROJECT_CACHE_MS ago, a forgotten row (a
// revoked key, a rotated secret) is not brought back by a read that was in flight, a paused project is seen at once.
import type pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authenticate, forgetProject, PROJECT_CACHE_MS } from './auth.ts';

const KEY = 'strata_publishable_abcdefghijklmnopqrstuvwx';
let ref = 'cacheref1';
let counter = 0;

interface Pending {
  resolve: () => void;
}

/** A platform whose queries answer only when the test says so, with the row as it is at that moment. */
function fakePlatform() {
  const state = { status: 'ACTIVE_HEALTHY', keys: [`publishable ${KEY}`] };
  const pending: Pending[] = [];
  const platform = {
    query: vi.fn(
      () =>
        new Promise((resolve) => {
          pending.push({
            resolve: () =>
              resolve({
                rows: [{ id: 1, status: state.status, jwt_secret: 'x'.repeat(40), db_schema: null, max_rows: null, opaque_keys: [...state.keys], signing_keys: [] }],
              }),
          });
        }),
    ),
  };
  const answerAll = async () => {
    while (pending.length) pending.shift()!.resolve();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { platform: platform as typeof platform & Pick<pg.Pool, 'query'>, state, pending, answerAll };
}

const headers = () => new Headers({ apikey: KEY });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-27T12:00:00Z'));
  ref = `cacheref${++counter}`;
});
afterEach(() => {
  forgetProject(ref);
  vi.useRealTimers();
});

describe('the kept project row', () => {
  it('past half its life is read again in the background: requests meanwhile do not wait for the read', async () => {
    const { platform, pending, answerAll } = fakePlatform();
    const first = authenticate(platform, ref, headers());
    await answerAll();
    expect((await first).role).toBe('anon');
    expect(platform.query).toHaveBeenCalledTimes(1);

    vi.setSystemTime(Date.now() + PROJECT_CACHE_MS * 0.6);
    // The read ahead is sent and left unanswered: the request is answered from the kept row all the same.
    const during = await authenticate(platform, ref, headers());
    expect(during.role).toBe('anon');
    expect(platform.query).toHaveBeenCalledTimes(2);
    expect(pending).toHaveLength(1);
    // One read ahead at a time.
    await authenticate(platform, ref, headers());
    expect(platform.query).toHaveBeenCalledTimes(2);

    // The read ahead answers: its row (sent at 0.6) is kept — at 0.9 nothing is read, and at 1.2 (the first row
    // expired) the request is answered at once from it while the next read ahead is in flight.
    await answerAll();
    vi.setSystemTime(Date.now() + PROJECT_CACHE_MS * 0.3);
    await authenticate(platform, ref, headers());
    expect(platform.query).toHaveBeenCalledTimes(2);
    vi.setSystemTime(Date.now() + PROJECT_CACHE_MS * 0.3);
    expect((await authenticate(platform, ref, headers())).role).toBe('anon');
    expect(platform.query).toHaveBeenCalledTimes(3);
    expect(pending).toHaveLength(1);
  });

  it('is never used past PROJECT_CACHE_MS: a request then waits for a new read (a revoked key is refused)', async () => {
    const { platform, state, answerAll } = fakePlatform();
    const first = authenticate(platform, ref, headers());
    await answerAll();
    await first;
    state.keys = []; // revoked
    vi.setSystemTime(Date.now() + PROJECT_CACHE_MS + 1);
    const later = authenticate(platform, ref, headers()).catch((error: unknown) => error);
    let settled = false;
    void later.then(
      () => (settled = true),
      () => (settled = true),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false); // waits for the platform
    await answerAll();
    expect(await later).toMatchObject({ status: 401 });
  });

  it('forgotten while a read ahead is in flight: that read is not kept (the revocation holds at once)', async () => {
    const { platform, state, answerAll } = fakePlatform();
    const first = authenticate(platform, ref, headers());
    await answerAll();
    await first;
    vi.setSystemTime(Date.now() + PROJECT_CACHE_MS * 0.6);
    await authenticate(platform, ref, headers()); // starts the read ahead (it read the key before the revocation)
    forgetProject(ref);
    state.keys = [];
    const next = authenticate(platform, ref, headers()).catch((error: unknown) => error); // a new read: the row as it is now
    await answerAll(); // both reads answer; the stale read ahead must not replace the new row
    expect(await next).toMatchObject({ status: 401 });
    await expect(authenticate(platform, ref, headers())).rejects.toMatchObject({ status: 401 });
  });

  it('a read ahead that finds the project paused drops the row: the next request sees the pause', async () => {
    const { platform, state, answerAll } = fakePlatform();
    const first = authenticate(platform, ref, headers());
    await answerAll();
    await first;
    vi.setSystemTime(Date.now() + PROJECT_CACHE_MS * 0.6);
    state.status = 'INACTIVE';
    await authenticate(platform, ref, headers());
    await answerAll();
    const next = authenticate(platform, ref, headers()).catch((error: unknown) => error);
    await answerAll();
    expect(await next).toMatchObject({ status: 503 });
  });
});
