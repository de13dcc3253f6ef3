import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { branchBadge, branchNameProblem, sortBranches } from './branches.ts';

describe('branches (spec A4.4, B5)', () => {
  it('badges: Production for the default branch or when branching is off, Persistent, otherwise Preview', () => {
    expect(branchBadge(null)).toBe('Production');
    expect(branchBadge({ is_default: true, persistent: false })).toBe('Production');
    expect(branchBadge({ is_default: false, persistent: true })).toBe('Persistent');
    expect(branchBadge({ is_default: false, persistent: false })).toBe('Preview');
  });

  it('names: the create form\'s messages verbatim', () => {
    expect(branchNameProblem('  ')).toBe('Branch name cannot be empty');
    expect(branchNameProblem('a b')).toBe('Branch name can only contain alphanumeric characters, hyphens, and underscores.');
    expect(branchNameProblem('feat-1', ['feat-1'])).toBe('A branch with this name already exists');
    expect(branchNameProblem('feat_1-A')).toBeNull();
  });

  it('property: the default branch first, then newest first', () => {
    const branch = fc.record({ is_default: fc.boolean(), created_at: fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }).map((d) => d.toISOString()) });
    fc.assert(
      fc.property(fc.array(branch, { maxLength: 20 }), (list) => {
        const sorted = sortBranches(list);
        expect(sorted).toHaveLength(list.length);
        const firstOther = sorted.findIndex((b) => !b.is_default);
        if (firstOther >= 0) expect(sorted.slice(firstOther).every((b) => !b.is_default)).toBe(true);
        const others = sorted.filter((b) => !b.is_default);
        for (let i = 1; i < others.length; i++) expect(others[i - 1]!.created_at >= others[i]!.created_at).toBe(true);
      }),
    );
  });
});
