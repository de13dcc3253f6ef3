// Issue 17 / spec B2.5, B7: every REST and storage snippet of the API docs panel, filled with this project's URL and
// a real key, runs and does what it says. The snippets come from the same builders the panel uses
// (src/domain/api-snippets.ts): the Bash ones run with curl against the platform listening on a real port, the
// Javascript ones with the official @supabase/postgrest-js and @supabase/storage-js clients standing in for
// supabase-js (whose current release needs Node 22; the platform runs on Node 20).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { serve, type ServerType } from '@hono/node-server';
import { PostgrestClient } from '@supabase/postgrest-js';
import { StorageClient } from '@supabase/storage-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bucketSnippets,
  entitiesOf,
  entitySnippets,
  fillSnippet,
  introductionSnippet,
  proceduresOf,
  rpcSnippet,
  type OpenApiDocument,
  type Snippet,
} from '../../src/domain/api-snippets.ts';
import { startDataApiProject, type DataApiProject } from '../data-api/testing.ts';

const run = promisify(execFile);
let p: DataApiProject;
let server: ServerType;
let endpoint: string;
let dir: string;
let doc: OpenApiDocument;

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

beforeAll(async () => {
  p = await startDataApiProject('Snippets');
  await p.sql(`
    create table public.notes (id serial primary key, title text not null, done boolean not null default false);
    create view public.open_notes as select id, title from public.notes where not done;
    create function public.add(a int, b int default 1) returns int language sql immutable as $$ select a + b $$;
    create function public.count_notes() returns bigint language sql stable as $$ select count(*) from public.notes $$;
  `);
  await p.settle();
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: p.h.app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => resolve(info.port));
  });
  endpoint = `http://127.0.0.1:${port}/p/${p.ref}`;
  dir = mkdtempSync(join(tmpdir(), 'strata-snippets-'));
  // curl prints the status after the body (a .curlrc in CURL_HOME, so the snippet itself runs unchanged).
  writeFileSync(join(dir, '.curlrc'), '-sS\n-w "\\n%{http_code}"\n');
  writeFileSync(join(dir, 'avatar1.png'), PNG);
  doc = (await (await p.raw('/', { key: p.keys.service_role })).json()) as OpenApiDocument;
}, 180_000);

afterAll(async () => {
  server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  await p?.h.close();
});

async function curl(snippet: Snippet, key = p.keys.service_role): Promise<{ status: number; body: string }> {
  const command = fillSnippet(snippet.bash, { endpoint, key });
  expect(command.startsWith('curl ')).toBe(true);
  const { stdout } = await run('bash', ['-c', command], { cwd: dir, env: { ...process.env, CURL_HOME: dir } });
  const cut = stdout.lastIndexOf('\n');
  return { status: Number(stdout.slice(cut + 1)), body: stdout.slice(0, cut) };
}

/**
 * Runs a Javascript snippet as written, with `supabase` standing for a client on the project URL and key: the
 * createClient lines are dropped (the client is given), the rest runs as an async function body.
 */
async function runJs(snippet: Snippet, key = p.keys.service_role, event?: unknown): Promise<{ data: unknown; error: unknown }> {
  const code = fillSnippet(snippet.js, { endpoint, key })
    .split('\n')
    .filter((line) => !line.startsWith('import { createClient }') && !line.startsWith('const supabase = createClient('))
    .join('\n');
  const headers = { apikey: key, Authorization: `Bearer ${key}` };
  const rest = new PostgrestClient(`${endpoint}/rest/v1`, { headers });
  const supabase = {
    from: (table: string) => rest.from(table),
    rpc: (fn: string, args?: Record<string, unknown>) => rest.rpc(fn, args),
    storage: new StorageClient(`${endpoint}/storage/v1`, headers),
  };
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<unknown>;
  const body = `${code}\nreturn { data: typeof data === 'undefined' ? undefined : data, error: typeof error === 'undefined' ? null : error };`;
  return (await new AsyncFunction('supabase', 'event', body)(supabase, event)) as { data: unknown; error: unknown };
}

const rows = async () => ((await p.sql('select id, title, done from public.notes order by id')) as { id: number; title: string; done: boolean }[]);

describe('table snippets (Bash, curl)', () => {
  it('insert, read, filter, paginate, update, delete each do what their title says', async () => {
    const notes = entitiesOf(doc).find((e) => e.name === 'notes')!;
    const s = Object.fromEntries(entitySnippets(notes).map((x) => [x.id, x]));

    const insert = await curl(s.insert!);
    expect(insert.status).toBe(201);
    expect(JSON.parse(insert.body)).toEqual([{ id: 1, title: 'someValue', done: false }]);
    expect(await rows()).toEqual([{ id: 1, title: 'someValue', done: false }]);
    await p.sql(`insert into public.notes (title) select 'n' || g from generate_series(2, 15) g`);

    const all = await curl(s['read-all']!);
    expect(all.status).toBe(200);
    expect(JSON.parse(all.body)).toHaveLength(15);
    const columns = await curl(s['read-columns']!);
    expect(Object.keys(JSON.parse(columns.body)[0])).toEqual(['id', 'title']);
    const page = await curl(s['read-paginated']!);
    expect([200, 206]).toContain(page.status);
    expect(JSON.parse(page.body)).toHaveLength(10);
    const filtered = await curl(s.filter!);
    expect(filtered.status).toBe(200);
    expect(JSON.parse(filtered.body)).toEqual([{ id: 1, title: 'someValue', done: false }]);

    const update = await curl(s.update!);
    expect(update.status).toBe(200);
    expect((await rows())[0]).toEqual({ id: 1, title: 'someValue', done: true });

    const remove = await curl(s.delete!);
    expect(remove.status).toBe(204);
    expect((await rows()).map((r) => r.id)).not.toContain(1);
  });

  it("the introduction's snippet reads the REST root with the anon key", async () => {
    const root = await curl(introductionSnippet(), p.keys.anon);
    expect(root.status).toBe(200);
    expect(Object.keys(JSON.parse(root.body).definitions)).toContain('notes');
  });

  it("the anon key reads the same table (the panel's client key)", async () => {
    const notes = entitiesOf(doc).find((e) => e.name === 'notes')!;
    const read = await curl(entitySnippets(notes).find((x) => x.id === 'read-all')!, p.keys.anon);
    expect(read.status).toBe(200);
    expect(JSON.parse(read.body).length).toBeGreaterThan(0);
  });

  it('a view reads through its snippet and offers no write', async () => {
    const view = entitiesOf(doc).find((e) => e.name === 'open_notes')!;
    const snippets = entitySnippets(view);
    expect(snippets.map((x) => x.id)).not.toContain('insert');
    const read = await curl(snippets.find((x) => x.id === 'read-all')!);
    expect(read.status).toBe(200);
    expect(Array.isArray(JSON.parse(read.body))).toBe(true);
  });

  it('the RPC snippet calls the function with its required arguments', async () => {
    const add = proceduresOf(doc).find((f) => f.name === 'add')!;
    const result = await curl(rpcSnippet(add));
    expect(result.status).toBe(200);
    expect(JSON.parse(result.body)).toBe(2); // a = 1, b defaults to 1
    const count = await curl(rpcSnippet(proceduresOf(doc).find((f) => f.name === 'count_notes')!));
    expect(JSON.parse(count.body)).toBe((await rows()).length);
  });
});

describe('table snippets (Javascript, postgrest-js)', () => {
  it('insert, read, filter, paginate, update, delete each do what their title says', async () => {
    await p.sql('truncate public.notes restart identity');
    const notes = entitiesOf(doc).find((e) => e.name === 'notes')!;
    const s = Object.fromEntries(entitySnippets(notes).map((x) => [x.id, x]));
    const insert = await runJs(s.insert!);
    expect(insert.error).toBeNull();
    expect(insert.data).toEqual([{ id: 1, title: 'someValue', done: false }]);
    await p.sql(`insert into public.notes (title) select 'n' || g from generate_series(2, 15) g`);
    for (const id of ['read-all', 'read-columns', 'read-paginated', 'filter']) expect((await runJs(s[id]!)).error).toBeNull();
    const filter = await runJs({ ...s.filter!, js: s.filter!.js.replace(/^let \{ data: notes, error \}/m, 'let { data, error }') });
    expect(filter.data).toEqual([{ id: 1, title: 'someValue', done: false }]);
    const update = await runJs(s.update!);
    expect(update.error).toBeNull();
    expect(update.data).toEqual([{ id: 1, title: 'someValue', done: true }]);
    expect((await runJs(s.delete!)).error).toBeNull();
    expect((await rows()).map((r) => r.id)).not.toContain(1);
    const rpc = await runJs(rpcSnippet(proceduresOf(doc).find((f) => f.name === 'add')!));
    expect(rpc).toEqual({ data: 2, error: null });
  });
});

describe('storage snippets', () => {
  async function bucket(id: string, isPublic: boolean) {
    const created = await p.h.call('POST', `/api/platform/storage/${p.ref}/buckets`, { token: p.owner, body: { id, public: isPublic } });
    expect(created.status).toBe(201);
    return Object.fromEntries(bucketSnippets({ id, public: isPublic }).map((x) => [x.id, x]));
  }

  it('Bash: a private bucket uploads, lists, downloads, signs and deletes; it has no public URL snippet', async () => {
    const s = await bucket('private-files', false);
    expect(s['public-url']).toBeUndefined();
    expect((await curl(s.upload!)).status).toBe(200);
    const list = await curl(s.list!);
    expect(list.status).toBe(200);
    expect(JSON.parse(list.body).map((o: { name: string }) => o.name)).toEqual(['avatar1.png']);
    rmSync(join(dir, 'avatar1.png'));
    expect((await curl(s.download!)).status).toBe(200);
    expect(readFileSync(join(dir, 'avatar1.png'))).toEqual(PNG);
    const signed = await curl(s['signed-url']!);
    expect(signed.status).toBe(200);
    expect(JSON.parse(signed.body).signedURL).toContain('/object/sign/private-files/folder/avatar1.png?token=');
    // The private object is not served without a key: the public URL a public bucket would show does not work.
    const anonymous = await fetch(`${endpoint}/storage/v1/object/public/private-files/folder/avatar1.png`);
    expect(anonymous.status).toBeGreaterThanOrEqual(400);
    expect((await curl(s.delete!)).status).toBe(200);
    expect(JSON.parse((await curl(s.list!)).body)).toEqual([]);
  });

  it('Bash: a public bucket serves the public URL snippet without a key; it has no signed URL snippet', async () => {
    const s = await bucket('public-files', true);
    expect(s['signed-url']).toBeUndefined();
    writeFileSync(join(dir, 'avatar1.png'), PNG);
    expect((await curl(s.upload!)).status).toBe(200);
    rmSync(join(dir, 'avatar1.png'));
    const pub = await curl(s['public-url']!);
    expect(pub.status).toBe(200);
    expect(fillSnippet(s['public-url']!.bash, { endpoint, key: 'x' })).not.toContain('apikey');
    expect(readFileSync(join(dir, 'avatar1.png'))).toEqual(PNG);
  });

  it('Javascript: upload, list, download, signed URL and delete through storage-js', async () => {
    const s = await bucket('js-files', false);
    const file = new Blob([PNG], { type: 'image/png' });
    const upload = await runJs(s.upload!, p.keys.service_role, { target: { files: [file] } });
    expect(upload.error).toBeNull();
    const list = await runJs(s.list!);
    expect(list.error).toBeNull();
    expect((list.data as { name: string }[]).map((o) => o.name)).toEqual(['avatar1.png']);
    const download = await runJs(s.download!);
    expect(Buffer.from(await (download.data as Blob).arrayBuffer())).toEqual(PNG);
    const signed = await runJs(s['signed-url']!);
    expect(signed.error).toBeNull();
    const signedUrl = (signed.data as { signedUrl: string }).signedUrl.replace(/^http:\/\/[^/]+/, endpoint.replace(/\/p\/.*$/, ''));
    expect((await fetch(signedUrl)).status).toBe(200);
    expect((await runJs(s.delete!)).error).toBeNull();
    expect((await runJs(s.list!)).data).toEqual([]);
  });

  it("Javascript: a public bucket's public URL serves the uploaded file without a key", async () => {
    const s = await bucket('js-public', true);
    const upload = await runJs(s.upload!, p.keys.service_role, { target: { files: [new Blob([PNG], { type: 'image/png' })] } });
    expect(upload.error).toBeNull();
    const { data } = await runJs(s['public-url']!);
    const publicUrl = (data as { publicUrl: string }).publicUrl;
    expect(publicUrl).toBe(`${endpoint}/storage/v1/object/public/js-public/folder/avatar1.png`);
    const response = await fetch(publicUrl);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);
  });
});
