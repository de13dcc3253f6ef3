// Issue 21: a connection limit near is told once per crossing, not per poll — the level is kept in the platform
// database (project_resource_levels), so a rise notifies the project's organization once, a second poll at the same
// level (or two at once) does not, a further rise to critical does, and falling back re-arms it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';
import { notifyConnectionCrossing } from './connection-crossing.ts';

let h: PlatformHarness;
let owner: TestUser;
let stranger: TestUser;
let ref: string;
let projectId: number;

beforeAll(async () => {
  h = await startPlatformHarness();
  owner = await h.user('owner@crossing.test');
  stranger = await h.user('stranger@crossing.test');
  await h.call('GET', '/api/platform/profile', { token: stranger.token });
  ref = await h.activeProject(owner);
  projectId = (await h.services.pool.query<{ id: number }>('select id from projects where ref = $1', [ref])).rows[0]!.id;
}, 120_000);
afterAll(async () => h?.close());

const connectionNotes = async (user: TestUser) =>
  ((await h.call('GET', '/api/platform/notifications?limit=100', { token: user.token })).body as { priority: string; data: { title: string; message: string; project_ref: string } }[]).filter(
    (n) => / (near|at) its connection limit$/.test(n.data.title),
  );
const measured = (connections: number) => ({ connections, connectionLimit: 60 });

describe('connection limit crossings', () => {
  it('the banner poll of a quiet project writes nothing', async () => {
    const polled = await h.call('GET', `/api/platform/projects-resource-warnings?ref=${ref}`, { token: owner.token });
    expect(polled.status).toBe(200);
    expect(polled.body[0].connections_exhaustion).toBeNull();
    expect(await connectionNotes(owner)).toHaveLength(0);
    const stored = await h.services.pool.query('select level from project_resource_levels where project_id = $1', [projectId]);
    expect(stored.rows).toEqual([{ level: null }]);
  });

  it('notifies once when the level rises, again only on a further rise or after falling back', async () => {
    await notifyConnectionCrossing(h.services.pool, projectId, 'warning', measured(50));
    let notes = await connectionNotes(owner);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ priority: 'Warning', data: { project_ref: ref } });
    expect(notes[0]!.data.message).toContain('holds 50 of the 60 direct connections');
    // Polled again at the same level, twice at once: nothing new.
    await Promise.all([notifyConnectionCrossing(h.services.pool, projectId, 'warning', measured(51)), notifyConnectionCrossing(h.services.pool, projectId, 'warning', measured(52))]);
    expect(await connectionNotes(owner)).toHaveLength(1);
    // Up to critical: told again, as critical.
    await notifyConnectionCrossing(h.services.pool, projectId, 'critical', measured(58));
    notes = await connectionNotes(owner);
    expect(notes).toHaveLength(2);
    expect(notes.map((n) => n.priority).sort()).toEqual(['Critical', 'Warning']);
    // Down to warning (not a rise), then none, then a new rise: only the new rise is told.
    await notifyConnectionCrossing(h.services.pool, projectId, 'warning', measured(50));
    expect(await connectionNotes(owner)).toHaveLength(2);
    await notifyConnectionCrossing(h.services.pool, projectId, null, measured(3));
    expect(await connectionNotes(owner)).toHaveLength(2);
    await Promise.all([notifyConnectionCrossing(h.services.pool, projectId, 'warning', measured(49)), notifyConnectionCrossing(h.services.pool, projectId, 'warning', measured(49))]);
    expect(await connectionNotes(owner)).toHaveLength(3);
    expect(await connectionNotes(stranger)).toHaveLength(0);
  });
});
