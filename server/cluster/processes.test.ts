// Issue 23, done when: two platform processes (server/main.ts) on one Postgres server and one S3-compatible server
// (s3rver, started here), started at the same moment, behind one public address (STRATA_PUBLIC_URL). Both come up;
// a session from one works on the other; a project created on one is queried, paused and restored through the
// other; a file uploaded (plain, and tus with its chunks alternating between the two) downloads byte-identical
// through either; a query started on one is cancelled through the other; killing one mid-pause lets the other
// finish the pause.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerRole, projectDatabase } from '../projects/names.ts';
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
  for (const name of [platformDatabase, ...(ref ? [projectDatabase(ref)] : [])]) {
    await admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`).catch(() => {});
  }
  if (ref) await admin.query(`drop role if exists ${admin.escapeIdentifier(ownerRole(ref))}`).catch(() => {});
  await admin.end();
  await cluster.close();
  await s3.close();
  rmSync(root, { recursive: true, force: true });
}, 60_000);

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
let serviceKey = '';

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
      body: { organization_slug: org.body.slug, name: 'Cluster', db_pass: 'Strong-db-pass-123', db_region: 'local' },
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

  it('pauses through one that is killed mid-pause: the other finishes the pause, and restores', async () => {
    const [a, b] = urls as [string, string];
    const pause = await call(b, 'POST', `/api/platform/projects/${ref}/pause`, { token });
    expect(pause.status, JSON.stringify(pause.body)).toBe(200);
    processes[1]!.child.kill('SIGKILL');
    await processes[1]!.exited();
    // Killed mid-pause: the operation is still running, leased by the dead process.
    const platform = new pg.Client({ connectionString: cluster.url(platformDatabase) });
    await platform.connect();
    const operation = async () =>
      (
        await platform.query<{ status: string; lease_owner: string | null }>(
          `select o.status, o.lease_owner from project_operations o join projects p on p.id = o.project_id
            where p.ref = $1 and o.kind = 'pause' order by o.id desc limit 1`,
          [ref],
        )
      ).rows[0]!;
    try {
      const atKill = await operation();
      expect(atKill.status).toBe('running');
      expect(atKill.lease_owner).toContain(`:${processes[1]!.child.pid}:`);
      // The operation's lease (15 s) runs out and process A's sweep takes it over.
      await waitForStatus(a, token, ref, 'INACTIVE', 50_000);
      const done = await operation();
      expect(done.status).toBe('succeeded');
    } finally {
      await platform.end();
    }
    const restore = await call(a, 'POST', `/api/platform/projects/${ref}/restore`, { token });
    expect(restore.status, JSON.stringify(restore.body)).toBe(200);
    await waitForStatus(a, token, ref, 'ACTIVE_HEALTHY', 60_000);
  }, 120_000);
});
