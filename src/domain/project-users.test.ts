// The role picker's user search rules (spec B2.7, issue 14); the SQL itself runs on Postgres in
// server/pgmeta/project-users-search.test.ts.
import { describe, expect, it } from 'vitest';
import { emptyUserSearchText, isUuid, projectUserLabel, projectUsersSearch, shortUserId, USER_SEARCH_MESSAGES } from './project-users.ts';

const ID = '0A1B2C3D-1111-4111-8111-111111111111';

describe('project users search', () => {
  it('binds the trimmed text, and the id only when the text is a uuid', () => {
    expect(projectUsersSearch('  ali% ').parameters).toEqual(['ali%', null]);
    expect(projectUsersSearch(` ${ID} `).parameters).toEqual([ID, ID.toLowerCase()]);
    expect(projectUsersSearch('ali').query).not.toContain('ali');
  });

  it('asks for the newest users, with no parameter, when nothing is typed', () => {
    const { query, parameters } = projectUsersSearch('   ');
    expect(parameters).toEqual([]);
    expect(query).toMatch(/order by created_at desc/);
  });

  it('tells a uuid, shortens it, and labels a user by email else id', () => {
    expect(isUuid(ID)).toBe(true);
    expect(isUuid('0a1b2c3d')).toBe(false);
    expect(shortUserId(ID)).toBe('0A1B2C3D…');
    expect(shortUserId('not-a-uuid')).toBe('not-a-uuid');
    expect(projectUserLabel({ id: ID, email: 'a@example.com' })).toBe('a@example.com');
    expect(projectUserLabel({ id: ID, email: null })).toBe(ID);
  });

  it('says the project has no users when the empty list answers no text', () => {
    expect(emptyUserSearchText('')).toBe(USER_SEARCH_MESSAGES.noUsers);
    expect(emptyUserSearchText('ali')).toBe(USER_SEARCH_MESSAGES.noMatch);
  });
});
