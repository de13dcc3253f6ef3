// The Data API settings of a project through the platform API (GET/PATCH /api/platform/projects/{ref}/config/postgrest):
// members read them, the change reaches the Data API, bad values and strangers are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDataApiProject, type DataApiProject } from './testing.ts';

let p: DataApiProject;

beforeAll(async () => {
  p = await startDataApiProject('Data API config');
  await p.sql(`create schema reports; grant usage on schema reports to anon;
               create table reports.daily (day int primary key); grant select on reports.daily to anon;
               insert into reports.daily values (1);`);
}, 120_000);

afterAll(async () => p?.h.close());

describe('/api/platform/projects/{ref}/config/postgrest', () => {
  const path = () => `/api/platform/projects/${p.ref}/config/postgrest`;

  it('answers the defaults, then exposes another schema when asked', async () => {
    expect((await p.h.call('GET', path(), { token: p.owner })).body).toEqual({ db_schema: 'public', max_rows: 1000, db_extra_search_path: 'public' });
    const reports = p.client(p.keys.anon, undefined, 'reports');
    expect((await reports.from('daily').select()).status).toBe(406);
    const changed = await p.h.call('PATCH', path(), { token: p.owner, body: { db_schema: 'public, reports', max_rows: 500 } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ db_schema: 'public,reports', max_rows: 500 });
    await p.settle();
    expect((await reports.from('daily').select('day')).data).toEqual([{ day: 1 }]);
  });

  it('refuses schemas that are never served, bad row caps, unknown fields and strangers', async () => {
    for (const body of [{ db_schema: 'public,auth' }, { db_schema: 'pg_catalog' }, { db_schema: '' }, { max_rows: 0 }, { max_rows: 1.5 }, { jwt_secret: 'x' }]) {
      const response = await p.h.call('PATCH', path(), { token: p.owner, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(typeof response.body.message).toBe('string');
    }
    const stranger = await p.h.user();
    expect((await p.h.call('GET', path(), { token: stranger.token })).status).toBe(404);
    expect((await p.h.call('PATCH', path(), { token: stranger.token, body: { db_schema: 'public' } })).status).toBe(404);
  });
});
