import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hasMorePages, nextPageOffset, normaliseSearch, sameStatuses } from './lists.ts';
import {
  listQueryOf,
  parseProjectListSearch,
  parseStatuses,
  projectListSearchOf,
} from './project-list.ts';
import { readProjectsViewMode, statusFilterOf, statusesOf } from './project-list-view.ts';
import { statusLabel } from './navigation/project-status.ts';

describe('paged lists (spec A7)', () => {
  it('offsets by page × limit and has a next page while pages × limit < count', () => {
    expect(nextPageOffset(0, 96)).toBe(0);
    expect(nextPageOffset(2, 96)).toBe(192);
    expect(hasMorePages(0, 96, null)).toBe(false);
    expect(hasMorePages(1, 96, 96)).toBe(false);
    expect(hasMorePages(1, 96, 97)).toBe(true);
    expect(hasMorePages(1, 96, 0)).toBe(false);
  });

  it('trims searches and compares status filters as sets', () => {
    expect(normaliseSearch('  Ana ')).toBe('Ana');
    expect(sameStatuses(['A', 'B'], ['B', 'A'])).toBe(true);
    expect(sameStatuses(['A'], ['A', 'B'])).toBe(false);
  });
});

describe('projects page address and preferences', () => {
  it('reads the view mode, defaulting to grid', () => {
    expect(readProjectsViewMode('list')).toBe('list');
    expect(readProjectsViewMode('table')).toBe('grid');
    expect(readProjectsViewMode(null)).toBe('grid');
  });

  it('keeps known sorts and statuses in the address, drops defaults, blanks and unknown values', () => {
    expect(parseProjectListSearch({ search: 'Ana', sort: 'name_desc', statuses: 'INACTIVE,BOGUS,INACTIVE' })).toEqual({
      search: 'Ana',
      sort: 'name_desc',
      statuses: 'INACTIVE',
    });
    expect(parseProjectListSearch({ search: '  ', sort: 'name_asc', statuses: '' })).toEqual({});
    expect(parseProjectListSearch({ sort: 'drop table', statuses: 42 })).toEqual({});
    expect(listQueryOf({})).toEqual({ search: '', sort: 'name_asc', statuses: [] });
    expect(parseStatuses('ACTIVE_HEALTHY, INACTIVE')).toEqual(['ACTIVE_HEALTHY', 'INACTIVE']);
  });

  it('round-trips any query through the address', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom('name_asc', 'name_desc', 'created_asc', 'created_desc'),
        fc.subarray(['ACTIVE_HEALTHY', 'INACTIVE', 'COMING_UP']),
        (search, sort, statuses) => {
          const address = projectListSearchOf({ search, sort, statuses });
          const back = listQueryOf(parseProjectListSearch(address as Record<string, unknown>));
          expect(back.sort).toBe(sort);
          expect(sameStatuses(back.statuses, statuses)).toBe(true);
          expect(back.search.trim()).toBe(search.trim());
        },
      ),
    );
  });

  it('maps status filters both ways and labels statuses', () => {
    expect(statusFilterOf([])).toBe('all');
    expect(statusFilterOf(statusesOf('starting').reverse())).toBe('starting');
    expect(statusFilterOf(['UNKNOWN'])).toBe('all');
    expect(statusLabel('ACTIVE_HEALTHY')).toBe('Active');
    expect(statusLabel('RESTORE_FAILED')).toBe('Restore failed');
    expect(statusLabel(null)).toBe('Unknown');
  });
});
