import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  isAtOrBelow,
  isBackupsRoute,
  isBranchesRoute,
  isProjectHomeRoute,
  isReportsRoute,
  isSettingsRoute,
  orgPath,
  orgSlugFromPath,
  pathSegments,
  projectPath,
  projectRefFromPath,
  stripBasePath,
  withBasePath,
} from './paths.ts';

const segment = fc.stringMatching(/^[a-z0-9-]{1,10}$/);

describe('base path (spec A1, A2.1)', () => {
  it('strips and adds /dashboard', () => {
    expect(stripBasePath('/dashboard/project/abc')).toBe('/project/abc');
    expect(stripBasePath('/dashboard')).toBe('/');
    expect(stripBasePath('/dashboard?x=1')).toBe('/?x=1');
    expect(stripBasePath('/dashboards')).toBe('/dashboards');
    expect(stripBasePath('/project/abc')).toBe('/project/abc');
    expect(withBasePath('/org/x')).toBe('/dashboard/org/x');
    expect(withBasePath('/')).toBe('/dashboard');
    expect(withBasePath('org/x')).toBe('/dashboard/org/x');
  });

  it('property: strip(with(path)) is the path', () => {
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 5 }), (segments) => {
        const path = `/${segments.join('/')}`;
        expect(stripBasePath(withBasePath(path))).toBe(path);
      }),
    );
  });
});

describe('path predicates (spec A2.2, A2.8, A4.1)', () => {
  it('splits segments, ignoring query, hash and extra slashes', () => {
    expect(pathSegments('/project/abc/editor/?x=1#y')).toEqual(['project', 'abc', 'editor']);
    expect(pathSegments('/')).toEqual([]);
  });

  it('matches prefixes segment-wise', () => {
    expect(isAtOrBelow('/new', '/new')).toBe(true);
    expect(isAtOrBelow('/new/acme', '/new')).toBe(true);
    expect(isAtOrBelow('/newer', '/new')).toBe(false);
    expect(isAtOrBelow('/', '/new')).toBe(false);
  });

  it('reads refs and slugs', () => {
    expect(projectRefFromPath('/project/abc/editor')).toBe('abc');
    expect(projectRefFromPath('/project')).toBeUndefined();
    expect(projectRefFromPath('/org/abc')).toBeUndefined();
    expect(orgSlugFromPath('/org/acme/team')).toBe('acme');
    expect(orgSlugFromPath('/project/abc')).toBeUndefined();
  });

  it('recognises the project home, settings, branches, reports and backups routes', () => {
    expect(isProjectHomeRoute('/project/abc')).toBe(true);
    expect(isProjectHomeRoute('/project/abc/')).toBe(true);
    expect(isProjectHomeRoute('/project/abc/editor')).toBe(false);
    expect(isSettingsRoute('/project/abc/settings/general')).toBe(true);
    expect(isSettingsRoute('/project/abc/database/settings')).toBe(false);
    expect(isSettingsRoute('/org/abc/settings')).toBe(false);
    expect(isBranchesRoute('/project/abc/branches')).toBe(true);
    expect(isBranchesRoute('/project/abc/branches/merge-requests')).toBe(true);
    expect(isReportsRoute('/project/abc/reports/query-performance')).toBe(true);
    expect(isBackupsRoute('/project/abc/database/backups/pitr')).toBe(true);
    expect(isBackupsRoute('/project/abc/database/tables')).toBe(false);
  });

  it('builds project and org paths', () => {
    expect(projectPath('abc')).toBe('/project/abc');
    expect(projectPath('abc', 'editor')).toBe('/project/abc/editor');
    expect(projectPath('abc', '/settings/general')).toBe('/project/abc/settings/general');
    expect(orgPath('acme')).toBe('/org/acme');
    expect(orgPath('acme', 'team')).toBe('/org/acme/team');
  });
});
