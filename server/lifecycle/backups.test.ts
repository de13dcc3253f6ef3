// Backups and storage archives (issue 5): a downloaded backup restores into another project's database with
// identical rows; an archive is a real zip of the project's stored objects; signed URLs expire; deleting a
// project removes its files.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUrlKey, signedFileUrl, verifyFileToken } from './fileUrls.ts';
import { DB_PASS, startLifecycleHarness, type LifecycleHarness } from './testing.ts';

const run = promisify(execFile);
let t: LifecycleHarness;
let work: string;

beforeAll(async () => {
  t = await startLifecycleHarness();
  work = mkdtempSync(join(tmpdir(), 'strata-backups-test-'));
});
afterAll(async () => {
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

const post = (path: string, body?: unknown) => t.h.call('POST', `/api/platform${path}`, { token: t.owner.token, body });
const get = (path: string) => t.h.call('GET', `/api/platform${path}`, { token: t.owner.token });

/** Fetches a signed file URL from the app (in-process) into a local file. */
async function download(fileUrl: string, file: string): Promise<Response> {
  const url = new URL(fileUrl);
  expect(url.host).toBe(t.h.publicHost);
  const response = await t.h.app.request(`${url.pathname}${url.search}`);
  if (response.ok) writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  return response;
}

const ROWS_SQL = `select id, name, price::text, tags, meta::text, created from products order by id`;

describe('backups', () => {
  it('downloads a plain-SQL dump that psql restores into another project with identical rows', async () => {
    const source = await t.createProject('Source');
    const target = await t.createProject('Target');
    const created = await t.sql(source, `
      create type mood as enum ('happy', 'sad');
      create table products (id serial primary key, name text not null, price numeric(10,2), tags text[], meta jsonb,
                             created timestamptz default '2024-01-02 03:04:05+00', feeling mood);
      insert into products (name, price, tags, meta, feeling)
        select 'Product ' || g || E' \\'quoted\\' ü', g * 1.5, array['a', 'b' || g], jsonb_build_object('n', g), 'happy'
          from generate_series(1, 200) g;
      create view cheap as select * from products where price < 10;
      create function total() returns numeric language sql as 'select sum(price) from products';
      insert into auth.users (email, email_confirmed_at) values ('kept@example.com', now());`);
    expect(created.status).toBe(200);
    const expected = (await t.sql(source, ROWS_SQL)).body;
    expect(expected).toHaveLength(200);

    expect((await get(`/database/${source}/backups/downloadable-backups`)).body).toEqual({ status: 'backups-enabled', backups: [] });
    const backup = await post(`/database/${source}/backups`);
    expect(backup.status).toBe(201);
    expect(backup.body).toMatchObject({ id: expect.any(Number), kind: 'manual', isPhysicalBackup: false });
    expect(backup.body.size_bytes).toBeGreaterThan(5000);
    const listed = await get(`/database/${source}/backups/downloadable-backups`);
    expect(listed.body.backups).toEqual([backup.body]);
    expect(existsSync(join(t.h.services.filesDir, source, 'backups', `${backup.body.id}.sql`))).toBe(true);

    const link = await post(`/database/${source}/backups/download`, { id: backup.body.id });
    expect(link.status).toBe(200);
    expect(link.body.fileUrl).toMatch(new RegExp(`^http://${t.h.publicHost}/files/${source}/backups/${backup.body.id}\\.sql\\?token=`));
    const file = join(work, 'dump.sql');
    const response = await download(link.body.fileUrl, file);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${source}-backup-${backup.body.id}.sql"`);

    // psql -f as the TARGET project's owner (its own password), like a user restoring their download.
    const url = new URL(t.h.cluster.url('postgres'));
    await run('psql', ['-v', 'ON_ERROR_STOP=1', '-q', '-f', file], {
      env: { ...process.env, PGHOST: url.hostname, PGPORT: url.port, PGDATABASE: `project_${target}`, PGUSER: `strata_${target}`, PGPASSWORD: DB_PASS },
    });
    expect((await t.sql(target, ROWS_SQL)).body).toEqual(expected);
    // The project's auth users come along (issue 18), into the target's own auth schema.
    expect((await t.sql(target, `select email from auth.users`)).body).toEqual([{ email: 'kept@example.com' }]);
    expect((await t.sql(target, 'select total()::text as total, (select count(*)::int from cheap) as cheap')).body).toEqual(
      (await t.sql(source, 'select total()::text as total, (select count(*)::int from cheap) as cheap')).body,
    );
  });

  it('restores a backup into another project through the API (all or nothing) and serves byte ranges of it', async () => {
    const source = await t.createProject('Restore source');
    const target = await t.createProject('Restore target');
    expect((await t.sql(source, `create table notes (id int primary key, body text);
      insert into notes select g, repeat('n', g) from generate_series(1, 50) g;
      insert into auth.users (email, email_confirmed_at) values ('restored@example.com', now());`)).status).toBe(200);
    const backup = await post(`/database/${source}/backups`);
    expect(backup.status).toBe(201);
    const id = backup.body.id;

    const restored = await post(`/database/${source}/backups/restore`, { id, target_ref: target });
    expect(restored, JSON.stringify(restored.body)).toEqual({ status: 200, body: { restored: id, target_ref: target } });
    expect((await t.sql(target, 'select count(*)::int as n, sum(length(body))::int as chars from notes')).body).toEqual([{ n: 50, chars: 1275 }]);
    expect((await t.sql(target, 'select email from auth.users')).body).toEqual([{ email: 'restored@example.com' }]);
    // Owned by the target's owner, as if the user had made it there.
    expect((await t.sql(target, `select tableowner from pg_tables where tablename = 'notes'`)).body).toEqual([{ tableowner: `strata_${target}` }]);

    // Again: the table exists already, so nothing of the dump is applied (the row added since stays alone).
    await t.sql(target, `insert into notes values (51, 'after')`);
    const clash = await post(`/database/${source}/backups/restore`, { id, target_ref: target });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toMatch(/^The backup could not be restored: ERROR: .*already exists/);
    expect((await t.sql(target, 'select count(*)::int as n from notes')).body).toEqual([{ n: 51 }]);
    expect((await t.sql(target, 'select count(*)::int as n from auth.users')).body).toEqual([{ n: 1 }]);

    expect((await post(`/database/${source}/backups/restore`, { id: 999_999, target_ref: target })).status).toBe(404);
    expect((await post(`/database/${source}/backups/restore`, { id, target_ref: 'not a ref' })).status).toBe(400);
    expect((await post(`/database/${source}/backups/restore`, { id, target_ref: 'abcdefghijabcdefghij' })).status).toBe(404);

    // The download answers a single range with 206, and 416 past the end.
    const link = await post(`/database/${source}/backups/download`, { id });
    const url = new URL(link.body.fileUrl);
    const whole = await t.h.app.request(`${url.pathname}${url.search}`);
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(bytes.length).toBe(backup.body.size_bytes);
    const part = await t.h.app.request(`${url.pathname}${url.search}`, { headers: { range: 'bytes=100-1099' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-1099/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 1100))).toBe(true);
    const tail = await t.h.app.request(`${url.pathname}${url.search}`, { headers: { range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(-10))).toBe(true);
    const head = await t.h.app.request(`${url.pathname}${url.search}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
    const past = await t.h.app.request(`${url.pathname}${url.search}`, { headers: { range: `bytes=${bytes.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
  });

  it('refuses bad ids, tampered or expired links and other projects’ files', async () => {
    const ref = await t.createProject('Links');
    const backup = await post(`/database/${ref}/backups`);
    for (const id of ['abc', -1, 1.5, null]) {
      expect((await post(`/database/${ref}/backups/download`, { id })).status, String(id)).toBe(400);
    }
    const missing = await post(`/database/${ref}/backups/download`, { id: 999_999 });
    expect(missing).toEqual({ status: 404, body: { message: 'Backup not found' } });
    // A string id works too (ids travel through URLs).
    expect((await post(`/database/${ref}/backups/download`, { id: String(backup.body.id) })).status).toBe(200);

    const key = await fileUrlKey(t.h.services.pool);
    const path = `${ref}/backups/${backup.body.id}.sql`;
    const expired = signedFileUrl(key, t.h.publicHost, path, Date.now() - 10 * 60_000);
    expect((await download(expired, join(work, 'x'))).status).toBe(403);
    const good = signedFileUrl(key, t.h.publicHost, path);
    const token = new URL(good).searchParams.get('token')!;
    expect(verifyFileToken(key, path, token)).toBe(true);
    expect(verifyFileToken(key, `${ref}/backups/1.sql`, token)).toBe(false);
    expect((await t.h.app.request(`/files/${path}?token=${token.slice(0, -2)}xx`)).status).toBe(403);
    expect((await t.h.app.request(`/files/${path}`)).status).toBe(403);
    expect((await t.h.app.request(`/files/${ref}/../secrets.json?token=${token}`)).status).toBe(404);
    expect((await t.h.app.request(`/files/${ref}/objects/a/b?token=${token}`)).status).toBe(404);
  });

  it('answers 409 for a backup of a paused project and keeps the pause backup listed', async () => {
    const ref = await t.createProject('Paused backups');
    await post(`/projects/${ref}/pause`);
    await t.h.waitForStatus(ref, t.owner.token, 'INACTIVE');
    const refused = await post(`/database/${ref}/backups`);
    expect(refused.status).toBe(409);
    const list = await get(`/database/${ref}/backups/downloadable-backups`);
    expect(list.body.backups).toHaveLength(1);
    const link = await post(`/database/${ref}/backups/download`, { id: list.body.backups[0].id });
    expect((await download(link.body.fileUrl, join(work, 'paused.sql'))).status).toBe(200);
  });
});

describe('storage archive', () => {
  async function waitForArchive(ref: string): Promise<string> {
    for (let i = 0; i < 400; i++) {
      const response = await get(`/storage/${ref}/archive`);
      if (response.status === 200) return response.body.fileUrl;
      expect(response).toEqual({ status: 404, body: { message: 'Storage archive not found' } });
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('no archive');
  }

  it('zips the stored objects of the project (and an empty folder to an empty zip)', async () => {
    const ref = await t.createProject('Archive');
    expect(await get(`/storage/${ref}/archive`)).toEqual({ status: 404, body: { message: 'Storage archive not found' } });
    expect(await post(`/storage/${ref}/archive`)).toEqual({ status: 201, body: {} });
    const empty = join(work, 'empty.zip');
    expect((await download(await waitForArchive(ref), empty)).status).toBe(200);
    await run('unzip', ['-tq', empty]).catch((error: { stdout?: string }) => {
      // unzip reports an empty archive with exit 1 and this text; anything else is a broken zip.
      expect(error.stdout ?? '').toMatch(/zipfile is empty/);
    });

    const objects = join(t.h.services.filesDir, ref, 'objects');
    mkdirSync(join(objects, 'avatars', 'nested'), { recursive: true });
    mkdirSync(join(objects, 'docs'), { recursive: true });
    writeFileSync(join(objects, 'avatars', 'me.png'), Buffer.alloc(70_000, 7));
    writeFileSync(join(objects, 'avatars', 'nested', 'deep file.txt'), 'hello ü');
    writeFileSync(join(objects, 'docs', 'readme.md'), '# docs');
    expect((await post(`/storage/${ref}/archive`)).status).toBe(201);
    const zip = join(work, 'objects.zip');
    const response = await download(await waitForArchive(ref), zip);
    expect(response.headers.get('content-type')).toBe('application/zip');
    await run('unzip', ['-tq', zip]);
    const { stdout } = await run('unzip', ['-Z1', zip]);
    expect(stdout.trim().split('\n').sort()).toEqual(['avatars/me.png', 'avatars/nested/deep file.txt', 'docs/readme.md']);
    const { stdout: text } = await run('unzip', ['-p', zip, 'avatars/nested/deep file.txt']);
    expect(text).toBe('hello ü');
    // Only the newest archive is kept.
    const { readdirSync } = await import('node:fs');
    expect(readdirSync(join(t.h.services.filesDir, ref, 'archives'))).toHaveLength(1);
  });

  it('deleting the project removes its files', async () => {
    const ref = await t.createProject('Files go');
    await post(`/database/${ref}/backups`);
    mkdirSync(join(t.h.services.filesDir, ref, 'objects', 'b'), { recursive: true });
    writeFileSync(join(t.h.services.filesDir, ref, 'objects', 'b', 'x'), 'x');
    expect(existsSync(join(t.h.services.filesDir, ref))).toBe(true);
    expect((await t.h.call('DELETE', `/api/platform/projects/${ref}`, { token: t.owner.token })).status).toBe(200);
    expect(existsSync(join(t.h.services.filesDir, ref))).toBe(false);
  });
});
