// Issue 21: the connection-limit notification is written by the platform's background check, with nobody polling
// the banner — real sessions on a real project database, a tiny limit, one notification per crossing, and two
// processes (two pools on the platform database) checking at once write one.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';
import { projectDatabase } from '../projects/names.ts';
import { checkConnectionLimits, measureConnectionUse } from './connection-check.ts';

const LIMIT = 10;
const tiny = { limitOf: () => LIMIT };

let h: PlatformHarness;
let owner: TestUser;
let member: TestUser;
let ref: string;
let secondProcess: pg.Pool;
const sessions: pg.Client[] = [];

beforeAll(async () => {
  h = await startPlatformHarness();
  owner = await h.user('owner@connection-check.test');
  member = await h.user('outsider@connection-check.test');
  await h.call('GET', '/api/platform/profile', { token: member.token });
  ref = await h.activeProject(owner);
  const platformDatabase = (await h.services.pool.query<{ name: string }>('select current_database() as name')).rows[0]!.name;
  secondProcess = new pg.Pool({ connectionString: h.cluster.url(platformDatabase), max: 2 });
}, 120_000);

afterAll(async () => {
  await Promise.all(sessions.map((client) => client.end().catch(() => {})));
  await secondProcess?.end();
  await h?.close();
});

/** Opens sessions on the project's database until it holds `count` of them (the platform's own pools closed first). */
async function holdSessions(count: number): Promise<void> {
  while (sessions.length < count) {
    const client = new pg.Client({ connectionString: h.cluster.url(projectDatabase(ref)) });
    await client.connect();
    sessions.push(client);
  }
  while (sessions.length > count) await sessions.pop()!.end();
}

async function connectionNotes(user: TestUser) {
  const { body } = await h.call<{ priority: string; data: { title: string; message: string; project_ref: string } }[]>('GET', '/api/platform/notifications?limit=100', {
    token: user.token,
  });
  return body.filter((n) => / (near|at) its connection limit$/.test(n.data.title));
}

const projectLevel = async (): Promise<string | null | undefined> => {
  const { rows } = await h.services.pool.query<{ level: string | null }>(
    `select l.level from project_resource_levels l join projects p on p.id = l.project_id where p.ref = $1 and l.metric = 'connections_exhaustion'`,
    [ref],
  );
  return rows[0]?.level;
};

describe('background connection limit check', () => {
  it('counts the real sessions on the project database', async () => {
    await h.services.pools.close(ref);
    await holdSessions(3);
    const use = (await measureConnectionUse(h.services.pool, tiny)).find((u) => u.ref === ref)!;
    expect(use).toMatchObject({ connections: 3, connectionLimit: LIMIT });
    // The real limit of the project's compute size, without the test's.
    expect((await measureConnectionUse(h.services.pool)).find((u) => u.ref === ref)!.connectionLimit).toBe(60);
    expect(await checkConnectionLimits(h.services.pool, tiny)).toMatchObject({ [ref]: null });
    expect(await connectionNotes(owner)).toHaveLength(0);
  });

  it('crossing the warning level writes one notification, with nobody polling; checks at the same level write none', async () => {
    await holdSessions(8); // 8 of 10: the warning level (80 %)
    // Two processes check at once: one notification.
    const [a, b] = await Promise.all([checkConnectionLimits(h.services.pool, tiny), checkConnectionLimits(secondProcess, tiny)]);
    expect(a[ref]).toBe('warning');
    expect(b[ref]).toBe('warning');
    let notes = await connectionNotes(owner);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ priority: 'Warning', data: { project_ref: ref } });
    expect(notes[0]!.data.message).toContain('holds 8 of the 10 direct connections');
    expect(await projectLevel()).toBe('warning');
    // Later passes at the same level: nothing more.
    await checkConnectionLimits(h.services.pool, tiny);
    await checkConnectionLimits(secondProcess, tiny);
    expect(await connectionNotes(owner)).toHaveLength(1);
    expect(await connectionNotes(member)).toHaveLength(0);

    // Up to critical (95 %): told once more, as critical, even when both processes see it.
    await holdSessions(10);
    await Promise.all([checkConnectionLimits(h.services.pool, tiny), checkConnectionLimits(secondProcess, tiny)]);
    notes = await connectionNotes(owner);
    expect(notes).toHaveLength(2);
    expect(notes.map((n) => n.priority).sort()).toEqual(['Critical', 'Warning']);

    // Back under the warning level re-arms it; a new crossing is a new notification.
    await holdSessions(2);
    expect((await checkConnectionLimits(h.services.pool, tiny))[ref]).toBeNull();
    expect(await projectLevel()).toBeNull();
    expect(await connectionNotes(owner)).toHaveLength(2);
    await holdSessions(8);
    await Promise.all([checkConnectionLimits(h.services.pool, tiny), checkConnectionLimits(secondProcess, tiny)]);
    expect(await connectionNotes(owner)).toHaveLength(3);
  });
});
