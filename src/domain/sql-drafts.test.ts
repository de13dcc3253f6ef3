import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseDrafts, recordEdit, recordSaved, serializeDrafts, textToOpen, type DraftMap } from './sql-drafts.ts';

describe('SQL drafts', () => {
  it('a draft wins over the server until the server holds the same text', () => {
    let drafts: DraftMap = {};
    drafts = recordEdit(drafts, 's1', 'select 1', '2026-01-01', 10);
    expect(textToOpen(drafts, { id: 's1', sql: '', updated_at: '2026-01-01' })).toEqual({ source: 'draft', sql: 'select 1' });
    drafts = recordSaved(drafts, 's1', 'select 1', '2026-01-02');
    expect(drafts).toEqual({});
  });

  it('typing during a save keeps the draft, moved onto the saved version', () => {
    let drafts = recordEdit({}, 's1', 'select 12', '2026-01-01', 10);
    drafts = recordSaved(drafts, 's1', 'select 1', '2026-01-02');
    expect(drafts.s1).toMatchObject({ sql: 'select 12', baseUpdatedAt: '2026-01-02' });
    expect(textToOpen(drafts, { id: 's1', sql: 'select 1', updated_at: '2026-01-02' }).source).toBe('draft');
  });

  it('a server change made elsewhere is a conflict: the draft is shown, the server text kept beside it', () => {
    const drafts = recordEdit({}, 's1', 'mine', '2026-01-01', 10);
    expect(textToOpen(drafts, { id: 's1', sql: 'theirs', updated_at: '2026-02-01' })).toEqual({
      source: 'conflict', sql: 'mine', serverSql: 'theirs',
    });
  });

  it('damaged storage gives no drafts, never a crash', () => {
    expect(parseDrafts('{')).toEqual({});
    expect(parseDrafts('[1]')).toEqual({});
    expect(parseDrafts('{"a":{"sql":1}}')).toEqual({});
  });

  it('property: random edits, saves, switches and reloads across two snippets never lose the last typed text', () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('type' as const), id: fc.constantFrom('a', 'b'), text: fc.string({ maxLength: 8 }) }),
      fc.record({ kind: fc.constant('save' as const), id: fc.constantFrom('a', 'b') }),
      fc.record({ kind: fc.constant('reload' as const) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let stored = serializeDrafts({});
        const server: Record<string, { sql: string; updated_at: string }> = { a: { sql: '', updated_at: 'v0' }, b: { sql: '', updated_at: 'v0' } };
        const typed: Record<string, string> = { a: '', b: '' };
        let version = 0;
        for (const s of steps) {
          const drafts = parseDrafts(stored); // every step reads what storage holds, as after a reload
          if (s.kind === 'type') {
            typed[s.id] = s.text;
            stored = serializeDrafts(recordEdit(drafts, s.id, s.text, server[s.id]!.updated_at, version));
          } else if (s.kind === 'save') {
            version += 1;
            const text = textToOpen(drafts, { id: s.id, ...server[s.id]! }).sql;
            server[s.id] = { sql: text, updated_at: `v${version}` };
            stored = serializeDrafts(recordSaved(drafts, s.id, text, `v${version}`));
          }
          for (const id of ['a', 'b']) expect(textToOpen(parseDrafts(stored), { id, ...server[id]! }).sql).toBe(typed[id]);
        }
      }),
    );
  });
});
