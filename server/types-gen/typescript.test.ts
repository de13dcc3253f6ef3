// GET /v1/projects/{ref}/types/typescript (spec B7, B2.5; issue 17): the types of the live schema are what
// postgrest-js's Database generic accepts — a client query is type-checked against them with the TypeScript
// compiler — and bad input is a 4xx, never a 500.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDataApiProject, type DataApiProject } from '../data-api/testing.ts';
import { parseIncludedSchemas } from './routes.ts';

let p: DataApiProject;
const dir = join(process.cwd(), '.tmp', `types-gen-${process.pid}`);

beforeAll(async () => {
  p = await startDataApiProject('Types');
  await p.sql(`
    create type public.note_status as enum ('open', 'closed');
    create table public.authors (id int primary key, name text not null);
    create table public.notes (
      id bigint generated always as identity primary key, title text not null, body text,
      status public.note_status not null default 'open', tags text[] not null default '{}', meta jsonb,
      author_id int references public.authors (id), "odd name" int,
      title_len int generated always as (length(title)) stored);
    create view public.open_notes as select id, title from public.notes where status = 'open';
    create function public.add(a int, b int default 1) returns int language sql immutable as $$ select a + b $$;
    create function public.notes_by(author int) returns setof public.notes language sql stable as $$ select * from public.notes where author_id = author $$;
    create schema api;
    create table api.things (id int primary key);
  `);
  mkdirSync(dir, { recursive: true });
}, 180_000);

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await p?.h.close();
});

const CLIENT_QUERY = `
import { PostgrestClient } from '@supabase/postgrest-js';
import type { Database } from './types';

const client = new PostgrestClient<Database>('http://localhost/rest/v1');

export async function main() {
  const { data } = await client.from('notes').select('id, title, body, status, tags, meta, author:authors(name)').eq('id', 1);
  const first = data![0]!;
  const id: number = first.id;
  const title: string = first.title;
  const body: string | null = first.body;
  const status: 'open' | 'closed' = first.status;
  const tags: string[] = first.tags;
  const name: string | undefined = first.author?.name;
  await client.from('notes').insert({ title: 'x', status: 'closed', author_id: 1 });
  // @ts-expect-error title is required on insert
  await client.from('notes').insert({ body: 'no title' });
  // @ts-expect-error a generated column cannot be written
  await client.from('notes').update({ title_len: 3 });
  // @ts-expect-error not an enum value
  await client.from('notes').insert({ title: 'x', status: 'archived' });
  // @ts-expect-error no such table
  await client.from('missing').select('*');
  const { data: sum } = await client.rpc('add', { a: 1 });
  const total: number | null = sum;
  const { data: byAuthor } = await client.rpc('notes_by', { author: 1 });
  const titles: string[] = (byAuthor ?? []).map((n) => n.title);
  const { data: open } = await client.from('open_notes').select('title');
  const openTitle: string | null = open![0]!.title;
  return [id, title, body, status, tags, name, total, titles, openTitle];
}
`;

/** Type-checks the client query against the given types; returns the diagnostics as text. */
function typeCheck(types: string): string[] {
  writeFileSync(join(dir, 'types.ts'), types);
  writeFileSync(join(dir, 'query.ts'), CLIENT_QUERY);
  const program = ts.createProgram([join(dir, 'query.ts')], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  });
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

async function types(query = '') {
  return p.h.call('GET', `/api/v1/projects/${p.ref}/types/typescript${query}`, { token: p.owner });
}

describe('types/typescript', () => {
  it('returns types of the live schema that type-check a postgrest-js query', async () => {
    const response = await types('?included_schemas=public');
    expect(response.status).toBe(200);
    const source = response.body.types as string;
    expect(source).toContain('export type Database');
    expect(source).toContain('status: Database["public"]["Enums"]["note_status"]');
    expect(source).toContain('"odd name"?: number | null');
    expect(source).toContain('referencedRelation: "authors"');
    expect(source).not.toContain('things');
    expect(typeCheck(source)).toEqual([]);
  }, 60_000);

  it('the check can fail: the same query against types without the tables does not compile', async () => {
    const empty = (await types('?included_schemas=api')).body.types as string;
    expect(empty).toContain('things');
    const errors = typeCheck(empty.replace(/\bapi: \{/, 'public: {'));
    expect(errors.length).toBeGreaterThan(0);
  }, 60_000);

  it('reads several schemas; missing ones come out empty', async () => {
    const source = (await types('?included_schemas=public,api,nope')).body.types as string;
    expect(source).toMatch(/ {2}api: \{/);
    expect(source).toMatch(/ {2}nope: \{/);
  });

  it('refuses bad input with a 4xx and a message; non-members get 404, no token 401', async () => {
    const long = await types(`?included_schemas=${'x'.repeat(64)}`);
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/Schema name too long/);
    const many = await types(`?included_schemas=${Array.from({ length: 51 }, (_, i) => `s${i}`).join(',')}`);
    expect(many.status).toBe(400);
    const stranger = await p.h.user();
    expect((await p.h.call('GET', `/api/v1/projects/${p.ref}/types/typescript`, { token: stranger.token })).status).toBe(404);
    expect((await p.h.call('GET', `/api/v1/projects/${p.ref}/types/typescript`, { token: null })).status).toBe(401);
  });

  it('a schema name with quotes or SQL reaches the catalog as a bind parameter and the output as a string literal', async () => {
    const name = `x"; drop table public.notes; --`;
    const response = await types(`?included_schemas=${encodeURIComponent(name)}`);
    expect(response.status).toBe(200);
    expect(response.body.types).toContain(`${JSON.stringify(name)}: {`);
    expect(await p.sql('select count(*)::int as n from public.notes')).toEqual([{ n: 0 }]);
  });

  it('parses included_schemas', () => {
    expect(parseIncludedSchemas(undefined)).toEqual(['public']);
    expect(parseIncludedSchemas(' public , api,public,')).toEqual(['public', 'api']);
  });
});
