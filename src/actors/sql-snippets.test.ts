import { describe, expect, it, vi } from 'vitest';

const calls: string[] = [];
const snippet = (id: string, name: string) => ({ id, name, sql: '', favorite: false });
vi.mock('../api/sql-editor.ts', () => ({
  createSnippet: vi.fn(async (ref: string, body: { name: string; sql: string }) => (calls.push(`create ${ref} ${body.name} sql=${JSON.stringify(body.sql)}`), snippet('new', body.name))),
  updateSnippet: vi.fn(async (ref: string, id: string, body: object) => (calls.push(`update ${ref} ${id} ${JSON.stringify(body)}`), snippet(id, 'renamed'))),
  deleteSnippet: vi.fn(async (ref: string, id: string) => void calls.push(`delete ${ref} ${id}`)),
}));

const { changeSnippet } = await import('./sql-snippets.ts');

describe('snippet changes (spec B2.2)', () => {
  it('creates an empty "Untitled query", renames, favourites and deletes, handing back the snippet as saved', async () => {
    expect((await changeSnippet('ref1', { kind: 'create' })).snippet?.name).toBe('Untitled query');
    expect((await changeSnippet('ref1', { kind: 'rename', id: 's1', name: 'Top users' })).snippet?.id).toBe('s1');
    await changeSnippet('ref1', { kind: 'favorite', id: 's1', favorite: true });
    expect(await changeSnippet('ref1', { kind: 'delete', id: 's1' })).toEqual({ change: { kind: 'delete', id: 's1' }, snippet: null });
    expect(calls).toEqual([
      'create ref1 Untitled query sql=""',
      'update ref1 s1 {"name":"Top users"}',
      'update ref1 s1 {"favorite":true}',
      'delete ref1 s1',
    ]);
  });
});
