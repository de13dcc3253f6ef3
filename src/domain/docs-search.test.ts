import { describe, expect, it } from 'vitest';
import { DOCS_FUSION_K, fuseDocsResults } from './docs-search.ts';

const ids = (...list: string[]) => list.map((id) => ({ id }));
const fused = (...lists: { id: string }[][]) => fuseDocsResults(lists).map((r) => r.id);

describe('fuseDocsResults (reciprocal rank fusion of the two docs search sources)', () => {
  it('keeps a single source in its own order', () => {
    expect(fused(ids('a', 'b', 'c'), [])).toEqual(['a', 'b', 'c']);
    expect(fused([], ids('c', 'b', 'a'))).toEqual(['c', 'b', 'a']);
  });

  it('alternates disjoint answers, the first list first at equal rank', () => {
    expect(fused(ids('a', 'b'), ids('x', 'y', 'z'))).toEqual(['a', 'x', 'b', 'y', 'z']);
  });

  it('lifts a result both sources found above ones found by one source at a better rank', () => {
    // 'c': 1/(K+3) + 1/(K+2) beats 'a' and 'x': 1/(K+1) each, for the K in use.
    expect(2 / (DOCS_FUSION_K + 3)).toBeGreaterThan(1 / (DOCS_FUSION_K + 1));
    expect(fused(ids('a', 'b', 'c'), ids('x', 'c'))).toEqual(['c', 'a', 'x', 'b']);
  });

  it('de-duplicates by id, also within one list (the best rank counts)', () => {
    expect(fused(ids('a', 'a', 'b'), ids('b'))).toEqual(['b', 'a']);
  });

  it('keeps the items themselves (the first seen for an id)', () => {
    const first = { id: 'a', title: 'from full text' };
    expect(fuseDocsResults([[first], [{ id: 'a', title: 'from semantic' }]])[0]).toBe(first);
  });
});
