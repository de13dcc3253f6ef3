// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { switchProjectPath } from '../../domain/navigation/layout.ts';
import type { AppContext } from '../../app-context.ts';
import { createAppRouter } from '../../router.tsx';
import { isRouterPage } from './page-paths.ts';

// The real route tree: switching project from a nested page must land on a page of the other project (issue 15:
// settings/general → B went to '/project/B/settings', which only the shell-less 404 answers).
// The console's own router (base path /dashboard); matching needs no context.
const router = createAppRouter({} as AppContext);
const isPage = (path: string) => isRouterPage(router, path);

describe('isRouterPage (the real route tree)', () => {
  it('knows pages from paths only the 404 answers', () => {
    expect(isPage('/project/b')).toBe(true);
    expect(isPage('/project/b/settings/general')).toBe(true);
    expect(isPage('/project/b/settings')).toBe(false);
    expect(isPage('/project/b/no-such-page')).toBe(false);
  });
});

describe('switching project from a nested page', () => {
  it('lands on the same page of the other project', () => {
    expect(switchProjectPath({ pathname: '/project/a/settings/general', newRef: 'b', isPage })).toBe(
      '/project/b/settings/general',
    );
    expect(switchProjectPath({ pathname: '/project/a/auth/users', newRef: 'b', isPage })).toBe('/project/b/auth/users');
  });

  it('keeps the spec cut where it is a page', () => {
    expect(switchProjectPath({ pathname: '/project/a/sql/42', newRef: 'b', isPage })).toBe('/project/b/sql');
  });
});
