// Issue 13 finding 9: a dump cut by a crash leaves `{id}.sql.partial` behind, which nothing removed. Stale partials
// go when the platform starts (server/runtime.ts) and when a new backup of the project runs; the partial of a
// backup still running is kept.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeStalePartialBackups } from './backups.ts';
import { startLifecycleHarness, type LifecycleHarness } from './testing.ts';

let t: LifecycleHarness;
beforeAll(async () => {
  t = await startLifecycleHarness();
}, 120_000);
afterAll(async () => t?.close());

/** A backup row of `status` for project `ref`, with its partial dump on disk; returns the partial's path. */
async function partialOf(ref: string, status: 'running' | 'failed'): Promise<string> {
  const { rows } = await t.h.services.pool.query<{ id: number }>(
    `insert into backups (project_id, kind, status) select id, 'manual', $2 from projects where ref = $1 returning id`,
    [ref, status],
  );
  const dir = join(t.h.services.filesDir, ref, 'backups');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${rows[0]!.id}.sql.partial`);
  writeFileSync(file, '-- cut short');
  return file;
}

describe('partial backups', () => {
  it('a new backup removes the project’s stale partials, not the one of a backup still running', async () => {
    const ref = await t.createProject('Partials');
    const crashed = await partialOf(ref, 'failed');
    const running = await partialOf(ref, 'running');
    const backup = await t.h.call('POST', `/api/platform/database/${ref}/backups`, { token: t.owner.token });
    expect(backup.status).toBe(201);
    expect(existsSync(crashed)).toBe(false);
    expect(existsSync(running)).toBe(true);
    expect(existsSync(join(t.h.services.filesDir, ref, 'backups', `${backup.body.id}.sql`))).toBe(true);
  });

  it('at start, every project’s stale partials go; other files stay', async () => {
    const ref = await t.createProject('Partials at start');
    const crashed = await partialOf(ref, 'failed');
    const running = await partialOf(ref, 'running');
    const unrelated = join(t.h.services.filesDir, ref, 'backups', 'notes.partial');
    writeFileSync(unrelated, 'not a dump');
    const removed = await removeStalePartialBackups(t.h.services.pool, t.h.services.filesDir);
    expect(removed).toContain(`${ref}/backups/${crashed.split('/').pop()}`);
    expect(existsSync(crashed)).toBe(false);
    expect(existsSync(running)).toBe(true);
    expect(existsSync(unrelated)).toBe(true);
  });
});
