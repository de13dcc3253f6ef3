// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { serializeDrafts, sqlDraftsKey } from '../domain/sql-drafts.ts';

const fetched: string[] = [];
vi.mock('../api/sql-editor.ts', () => ({
  fetchSnippet: vi.fn(async (ref: string, id: string) => (fetched.push(`${ref}/${id}`), { id, name: 'Untitled query', sql: 'select 1 from saved_copy' })),
}));

const { latestSnippetText } = await import('./sql-snippet-text.ts');

beforeEach(() => {
  fetched.length = 0;
  localStorage.clear();
});

describe('latest snippet text for the proposed name (issue 14)', () => {
  it('reads the local draft first: it holds what was typed since the list loaded', async () => {
    localStorage.setItem(sqlDraftsKey('ref1'), serializeDrafts({ s1: { snippetId: 's1', sql: 'select 1 from typed_now', baseUpdatedAt: null, editedAt: 1 } }));
    expect(await latestSnippetText('ref1', 's1')).toEqual({ id: 's1', sql: 'select 1 from typed_now' });
    expect(fetched).toEqual([]);
  });

  it("asks the platform when there is no draft (another project's drafts do not count)", async () => {
    localStorage.setItem(sqlDraftsKey('other'), serializeDrafts({ s1: { snippetId: 's1', sql: 'nope', baseUpdatedAt: null, editedAt: 1 } }));
    expect(await latestSnippetText('ref1', 's1')).toEqual({ id: 's1', sql: 'select 1 from saved_copy' });
    expect(fetched).toEqual(['ref1/s1']);
  });
});
