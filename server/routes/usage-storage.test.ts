// Organization usage STORAGE_SIZE (spec A3 "Organization usage"): the bytes of the projects' stored objects, now that
// the platform stores files (issue 15: the usage page still read 0 and said storage was not part of the platform).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorageFixture, type StorageFixture } from '../storage/testing.ts';

let f: StorageFixture;
beforeAll(async () => {
  f = await startStorageFixture();
}, 120_000);
afterAll(async () => f?.close());

const storageSize = async (query = '') => {
  const usage = await f.h.call('GET', `/api/platform/organizations/${f.slug}/usage${query}`, { token: f.owner.token });
  expect(usage.status).toBe(200);
  return usage.body.usages.find((u: { metric: string }) => u.metric === 'STORAGE_SIZE').usage as number;
};

describe('usage: STORAGE_SIZE', () => {
  it("counts the bytes of the projects' objects, not temporary uploads, and follows deletes", async () => {
    expect(await storageSize()).toBe(0);
    const created = await f.client().createBucket('media');
    expect(created.error).toBeNull();
    const files = f.client().from('media');
    expect((await files.upload('a.bin', Buffer.alloc(1000), { contentType: 'application/octet-stream' })).error).toBeNull();
    expect((await files.upload('dir/b.txt', Buffer.from('x'.repeat(234)), { contentType: 'text/plain' })).error).toBeNull();
    // A half-written upload in the project's temporary folder is no stored object.
    const tmp = join(f.h.services.filesDir, f.ref, 'tmp');
    mkdirSync(tmp, { recursive: true });
    writeFileSync(join(tmp, 'partial'), Buffer.alloc(5000));

    expect(await storageSize()).toBe(1234);
    expect(await storageSize(`?project_ref=${f.ref}`)).toBe(1234);

    expect((await files.remove(['a.bin'])).error).toBeNull();
    expect(await storageSize()).toBe(234);
  });
});
