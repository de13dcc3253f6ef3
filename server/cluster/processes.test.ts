// Issue 23, done when: two platform processes (server/main.ts) on one Postgres server and one S3-compatible server
// (s3rver, started here), started at the same moment, behind one public address (STRATA_PUBLIC_URL). Both come up;
// a session from one works on the other; a project created on one is queried, paused and restored through the
// other; a file uploaded (plain, and tus with its chunks alternating between the two) downloads byte-identical
// through either; a backup and a storage archive made through one are kept in the bucket, downloaded (whole and by
// range) through either and the backup restored through the other; a query started on one is cancelled through the
// other; killing one mid-pause lets the other finish the pause — only once the dead one's lease has run out, under
// its own name.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRole, ownerRole, projectDatabase } from '../projects/names.ts';
import { startTestS3, type TestS3 } from '../storage/s3Testing.ts';
import { freePort, startTestCluster, type TestCluster } from '../testing/database.ts';
import { launchPlatform, type PlatformProcess } from '../testing/processes.ts';

let cluster: TestCluster;
let s3: TestS3;
const root = mkdtempSync(join(tmpdir(), 'strata-processes-'));
const platformDatabase = `strata_platform_procs_${process.pid}_${randomBytes(3).toString('hex')}`;
const processes: PlatformProcess[] = [];
const urls: string[] = [];

beforeAll(async () => {
  [cluster, s3] = await Promise.all([startTestCluster(), startTestS3()]);
  mkdirSync(join(root, 'dist'), { recursive: true });
  writeFileSync(join(root, 'dist', 'index.html'), '<!doctype html><title>console</title>');
}, 60_000);
afterAll(async () => {
  for (const one of processes) if (one.child.exitCode === null) one.child.kill('SIGTERM');
  await Promise.all(processes.map((one) => one.exited()));
  const admin = new pg.Client({ connectionString: cluster.url('postgres') });
  await admin.connect();
  const refs = [ref, restoredRef].filter(Boolean);
  for (const name of [platformDatabase, ...refs.map(projectDatabase)]) {
    await admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`).catch(() => {});
  }
  for (const one of refs) {
    for (const role of [ownerRole(one), apiRole(one)]) await admin.query(`drop role if exists ${admin.escapeIdentifier(role)}`).catch(() => {});
  }
  await admin.end();
  await cluster.close();
  await s3.close();
  rmSync(root, { recursive: true, force: true });
}, 60_000);

const run = promisify(execFile);
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function call(base: string, method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body };
}

async function waitForStatus(base: string, token: string, ref: string, status: string, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    const answer = await call(base, 'GET', `/api/platform/projects/${ref}`, { token }).catch(() => null);
    last = answer?.body?.status ?? String(answer?.status);
    if (last === status) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`project ${ref} is ${last}, not ${status}`);
}

let token = '';
let ref = '';
let restoredRef = '';
let orgSlug = '';
let serviceKey = '';

/** The bytes at `fileUrl` (signed for the public address) fetched through `base`, with `headers`. */
async function download(base: string, fileUrl: string, headers: Record<string, string> = {}) {
  const url = new URL(fileUrl);
  const response = await fetch(`${base}${url.pathname}${url.search}`, { headers });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** A file downloaded byte-identical through either process, equal to the key in the bucket; a range answers 206. */
async function checkDownloads(fileUrl: string, key: string): Promise<Buffer> {
  const [a, b] = urls as [string, string];
  const stored = await s3.bytes(key);
  expect(stored.length).toBeGreaterThan(100);
  for (const base of [a, b]) {
    const whole = await download(base, fileUrl);
    expect(whole.status, base).toBe(200);
    expect(sha(whole.bytes), `${key} through ${base}`).toBe(sha(stored));
    const start = Math.floor(stored.length / 3);
    const part = await download(base, fileUrl, { range: `bytes=${start}-${start + 99}` });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes ${start}-${start + 99}/${stored.length}`);
    expect(part.bytes.equals(stored.subarray(start, start + 100))).toBe(true);
  }
  return stored;
}

describe('two platform processes on one Postgres and one S3 bucket', () => {
  it('start at the same moment and both come up; a session from one works on the other', async () => {
    const ports = [await freePort(), await freePort()];
    const publicUrl = `http://127.0.0.1:${ports[0]}`;
    for (const [index, port] of ports.entries()) {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: cluster.url('postgres'),
        STRATA_PLATFORM_DATABASE: platformDatabase,
        STRATA_DATA_DIR: join(root, `data-${index}`),
        STRATA_DIST_DIR: join(root, 'dist'),
        STRATA_MODE: 'platform',
        STRATA_PUBLIC_URL: publicUrl,
        STRATA_AUTH_AUTOCONFIRM: '1',
        STRATA_SECRETS_KEY: 'cluster-test-secrets-key-0123456789abcdef',
        STRATA_STORAGE_BACKEND: 's3',
        STRATA_S3_ENDPOINT: s3.config.endpoint,
        STRATA_S3_REGION: s3.config.region,
        STRATA_S3_BUCKET: s3.config.bucket,
        STRATA_S3_ACCESS_KEY_ID: s3.config.accessKeyId,
        STRATA_S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
        STRATA_S3_FORCE_PATH_STYLE: 'true',
      };
      processes.push(launchPlatform(env));
      urls.push(`http://127.0.0.1:${port}`);
    }
    await Promise.all(processes.map((one) => one.waitFor(/Database ready in \d+ ms/)));
    const [a, b] = urls as [string, string];
    const signUp = await call(a, 'POST', '/auth/v1/signup', { body: { email: `cluster-${randomUUID()}@example.com`, password: 'Cluster-password-123!' } });
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(200);
    token = signUp.body.access_token;
    expect(token).toBeTruthy();
    expect((await call(b, 'GET', '/api/platform/profile', { token })).status).toBe(200);
    expect((await call(a, 'GET', '/api/platform/profile', { token })).status).toBe(200);
    // The signing key both use is stored sealed (STRATA_SECRETS_KEY).
    const platform = new pg.Client({ connectionString: cluster.url(platformDatabase) });
    await platform.connect();
    const { rows } = await platform.query(`select jsonb_typeof(private_jwk) as type, private_jwk #>> '{}' as text from auth.signing_keys`);
    await platform.end();
    // Two processes starting together may each insert a key (both then use the oldest): every stored one is sealed.
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatchObject({ type: 'string', text: expect.stringMatching(/^enc:v1:/) });
  }, 90_000);

  it('creates a project on one and queries it through the other', async () => {
    const [a, b] = urls as [string, string];
    const org = await call(b, 'POST', '/api/platform/organizations', { token, body: { name: 'Cluster Org' } });
    expect(org.status, JSON.stringify(org.body)).toBe(201);
    const created = await call(a, 'POST', '/api/platform/projects', {
      token,
      body: { organization_slug: (orgSlug = org.body.slug), name: 'Cluster', db_pass: 'Strong-db-pass-123', db_region: 'local' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    ref = created.body.ref;
    await waitForStatus(b, token, ref, 'ACTIVE_HEALTHY');
    const query = await call(b, 'POST', `/api/platform/pg-meta/${ref}/query`, { token, body: { query: 'select 41 + 1 as answer' } });
    expect(query.status, JSON.stringify(query.body)).toBe(200);
    expect(JSON.stringify(query.body)).toContain('42');
    const settings = await call(a, 'GET', `/api/platform/projects/${ref}/settings`, { token });
    serviceKey = settings.body.service_api_keys.find((k: { tags: string }) => k.tags === 'service_role').api_key;
  }, 60_000);

  it('downloads a file uploaded through one, plain and tus with alternating chunks, byte-identical through either', async () => {
    const [a, b] = urls as [string, string];
    const keyHeaders = { apikey: serviceKey, authorization: `Bearer ${serviceKey}` };
    expect((await call(b, 'POST', `/p/${ref}/storage/v1/bucket`, { headers: keyHeaders, body: { name: 'files', id: 'files' } })).status).toBe(200);

    const plain = randomBytes(3 * 1024 * 1024 + 11);
    const put = await fetch(`${a}/p/${ref}/storage/v1/object/files/plain.bin`, { method: 'POST', headers: { ...keyHeaders, 'content-type': 'application/octet-stream' }, body: plain });
    expect(put.status, await put.clone().text()).toBe(200);

    const chunk = 2 * 1024 * 1024;
    const resumable = randomBytes(3 * chunk + 7);
    const meta = (pairs: Record<string, string>) => Object.entries(pairs).map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`).join(',');
    const tusHeaders = { ...keyHeaders, 'tus-resumable': '1.0.0' };
    const create = await fetch(`${a}/p/${ref}/storage/v1/upload/resumable`, {
      method: 'POST',
      headers: { ...tusHeaders, 'upload-length': String(resumable.length), 'upload-metadata': meta({ bucketName: 'files', objectName: 'tus.bin', contentType: 'application/octet-stream' }) },
    });
    expect(create.status, await create.clone().text()).toBe(201);
    const id = new URL(create.headers.get('location')!).pathname.split('/').pop()!;
    for (let offset = 0, i = 0; offset < resumable.length; offset += chunk, i++) {
      const through = urls[i % 2]!; // a, b, a, b
      const patch = await fetch(`${through}/p/${ref}/storage/v1/upload/resumable/${id}`, {
        method: 'PATCH',
        headers: { ...tusHeaders, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
        body: resumable.subarray(offset, offset + chunk),
      });
      expect(patch.status, `chunk ${i} through ${through}: ${await patch.clone().text()}`).toBe(204);
    }
    for (const [name, bytes] of [['plain.bin', plain], ['tus.bin', resumable]] as const) {
      for (const base of [a, b]) {
        const got = await fetch(`${base}/p/${ref}/storage/v1/object/files/${name}`, { headers: keyHeaders });
        expect(got.status).toBe(200);
        expect(sha(Buffer.from(await got.arrayBuffer())), `${name} through ${base}`).toBe(sha(bytes));
      }
    }
    expect(await s3.keys(`${ref}/objects/files/`)).toEqual([`${ref}/objects/files/plain.bin`, `${ref}/objects/files/tus.bin`]);
  }, 60_000);

  it('takes a backup through one: kept in the bucket, listed, downloaded (and by range) and restored through the other', async () => {
    const [a, b] = urls as [string, string];
    const made = await call(a, 'POST', `/api/platform/pg-meta/${ref}/query`, {
      token,
      body: { query: `create table kept (id int primary key, note text); insert into kept select g, 'row ' || g from generate_series(1, 300) g` },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const backup = await call(a, 'POST', `/api/platform/database/${ref}/backups`, { token });
    expect(backup.status, JSON.stringify(backup.body)).toBe(201);
    const id = backup.body.id;
    const listed = await call(b, 'GET', `/api/platform/database/${ref}/backups/downloadable-backups`, { token });
    expect(listed.body.backups.map((one: { id: number }) => one.id)).toContain(id);
    // In the bucket, not in either process's data folder.
    const key = `${ref}/backups/${id}.sql`;
    expect(await s3.keys(`${ref}/backups/`)).toEqual([key]);
    for (const index of [0, 1]) expect(existsSync(join(root, `data-${index}`, 'files', ref, 'backups'))).toBe(false);
    const link = await call(b, 'POST', `/api/platform/database/${ref}/backups/download`, { token, body: { id } });
    expect(link.status).toBe(200);
    const dump = await checkDownloads(link.body.fileUrl, key);
    expect(dump.length).toBe(backup.body.size_bytes);
    expect(dump.toString()).toContain('CREATE TABLE public.kept');

    // Restored through the other process into a new project, read back through the first.
    const created = await call(b, 'POST', '/api/platform/projects', {
      token,
      body: { organization_slug: orgSlug, name: 'Restored', db_pass: 'Strong-db-pass-123', db_region: 'local' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    restoredRef = created.body.ref;
    await waitForStatus(b, token, restoredRef, 'ACTIVE_HEALTHY');
    const restored = await call(b, 'POST', `/api/platform/database/${ref}/backups/restore`, { token, body: { id, target_ref: restoredRef } });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    const rows = await call(a, 'POST', `/api/platform/pg-meta/${restoredRef}/query`, { token, body: { query: 'select count(*)::int as n, max(note) as last from kept' } });
    expect(rows.body).toEqual([{ n: 300, last: 'row 99' }]);

    // Deleting a project through one process deletes its keys in the bucket (its backups with them).
    expect((await call(a, 'POST', `/api/platform/database/${restoredRef}/backups`, { token })).status).toBe(201);
    expect(await s3.keys(`${restoredRef}/`)).toHaveLength(1);
    const deleted = await call(b, 'DELETE', `/api/platform/projects/${restoredRef}`, { token });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await s3.keys(`${restoredRef}/`)).toEqual([]);
  }, 90_000);

  it('makes a storage archive through one: kept in the bucket, downloaded (and by range) through either, superseded', async () => {
    const [a, b] = urls as [string, string];
    async function archiveThrough(start: string, poll: string, after: string | null): Promise<{ fileUrl: string; key: string }> {
      expect((await call(start, 'POST', `/api/platform/storage/${ref}/archive`, { token })).status).toBe(201);
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        const keys = await s3.keys(`${ref}/archives/`);
        const answer = await call(poll, 'GET', `/api/platform/storage/${ref}/archive`, { token });
        if (answer.status === 200 && keys.length === 1 && keys[0] !== after) {
          expect(answer.body.fileUrl).toContain(`/files/${keys[0]}?token=`);
          return { fileUrl: answer.body.fileUrl, key: keys[0]! };
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`no new archive of ${ref}: ${(await s3.keys(`${ref}/archives/`)).join(', ')}`);
    }
    const first = await archiveThrough(a, b, null);
    const zip = await checkDownloads(first.fileUrl, first.key);
    const zipFile = join(root, 'archive.zip');
    writeFileSync(zipFile, zip);
    const { stdout } = await run('unzip', ['-Z1', zipFile]);
    expect(stdout.trim().split('\n').sort()).toEqual(['files/plain.bin', 'files/tus.bin']);
    for (const index of [0, 1]) expect(existsSync(join(root, `data-${index}`, 'files', ref, 'archives'))).toBe(false);
    // A newer archive made through the other replaces it in the bucket.
    const second = await archiveThrough(b, a, first.key);
    expect(await s3.keys(`${ref}/archives/`)).toEqual([second.key]);
  }, 90_000);

  it('cancels through one a query started on the other', async () => {
    const [a, b] = urls as [string, string];
    const runId = randomUUID();
    const started = Date.now();
    const running = call(a, 'POST', `/api/platform/pg-meta/${ref}/query`, { token, body: { query: 'select pg_sleep(30)', run_id: runId } });
    let cancelled = false;
    while (!cancelled && Date.now() - started < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      cancelled = (await call(b, 'POST', `/api/platform/pg-meta/${ref}/query/cancel`, { token, body: { run_id: runId } })).body?.cancelled === true;
    }
    expect(cancelled).toBe(true);
    const outcome = await running;
    expect(outcome.status).not.toBe(200);
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 30_000);

  it('pauses through one that is killed mid-pause: the other takes the pause over once its lease ran out, finishes it, and restores', async () => {
    const [a, b] = urls as [string, string];
    const [survivor, victim] = processes as [PlatformProcess, PlatformProcess];
    const pause = await call(b, 'POST', `/api/platform/projects/${ref}/pause`, { token });
    expect(pause.status, JSON.stringify(pause.body)).toBe(200);
    victim.child.kill('SIGKILL');
    await victim.exited();
    const platform = new pg.Client({ connectionString: cluster.url(platformDatabase) });
    await platform.connect();
    const operation = async () =>
      (
        await platform.query<{ status: string; lease_owner: string | null; lease_expires_at: Date; finished_at: Date | null; now: Date; project: string }>(
          `select o.status, o.lease_owner, o.lease_expires_at, o.finished_at, now() as now, p.status as project
             from project_operations o join projects p on p.id = o.project_id
            where p.ref = $1 and o.kind = 'pause' order by o.id desc limit 1`,
          [ref],
        )
      ).rows[0]!;
    const leaseOf = (pid: number | undefined) => expect.stringContaining(`:${pid}:`);
    try {
      // Killed mid-pause: the operation is still running, leased by the dead process.
      const atKill = await operation();
      expect(atKill).toMatchObject({ status: 'running', lease_owner: leaseOf(victim.child.pid), project: 'PAUSING' });
      const expires = atKill.lease_expires_at.getTime();
      // Until the dead process's lease runs out nobody touches the operation: no process runs it while it is leased
      // (the survivor's sweep looks every 7.5 s). Then the survivor takes it over (its name on the lease) and ends it.
      let polls = 0;
      let last = atKill;
      const deadline = Date.now() + 50_000;
      while (last.status === 'running' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        last = await operation();
        polls += 1;
        if (last.now.getTime() < expires - 250) {
          expect(last, `taken over ${expires - last.now.getTime()} ms before the lease ran out`).toMatchObject({
            status: 'running',
            lease_owner: leaseOf(victim.child.pid),
            project: 'PAUSING',
          });
        }
      }
      expect(polls).toBeGreaterThan(10); // the lease's 15 s were watched, not skipped
      expect(last).toMatchObject({ status: 'succeeded', lease_owner: leaseOf(survivor.child.pid), project: 'INACTIVE' });
      expect(last.finished_at!.getTime()).toBeGreaterThanOrEqual(expires);
      await waitForStatus(a, token, ref, 'INACTIVE', 5_000);
      // The pause's backup is the survivor's, complete, in the bucket.
      const backups = await call(a, 'GET', `/api/platform/database/${ref}/backups/downloadable-backups`, { token });
      const pauseBackup = backups.body.backups.find((one: { kind: string }) => one.kind === 'pause');
      expect(pauseBackup).toBeTruthy();
      expect(await s3.keys(`${ref}/backups/${pauseBackup.id}.sql`)).toEqual([`${ref}/backups/${pauseBackup.id}.sql`]);
    } finally {
      await platform.end();
    }
    const restore = await call(a, 'POST', `/api/platform/projects/${ref}/restore`, { token });
    expect(restore.status, JSON.stringify(restore.body)).toBe(200);
    await waitForStatus(a, token, ref, 'ACTIVE_HEALTHY', 60_000);
  }, 120_000);
});
