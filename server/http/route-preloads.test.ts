// Route-aware preloads (issues 15, 25): which page route a path is, which files it preloads, and the links the
// platform puts into the page it serves.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../app.ts';
import { matchScore, pageRouteOf, preloadsFor, withRoutePreloads, type RoutePreload } from './route-preloads.ts';

describe('page routes of route files', () => {
  it('drops pathless folders, makes index the folder page, lists the layouts above', () => {
    expect(pageRouteOf('_app/project/$ref/editor/$tableId.tsx')).toEqual({
      pattern: '/project/$ref/editor/$tableId',
      layouts: [
        '_app/route.tsx', '_app.tsx', '_app/project/route.tsx', '_app/project.tsx', '_app/project/$ref/route.tsx', '_app/project/$ref.tsx',
        '_app/project/$ref/editor/route.tsx', '_app/project/$ref/editor.tsx', '_app/project/$ref/editor/$tableId/route.tsx',
      ],
    });
    expect(pageRouteOf('_app/org/$slug/index.tsx')?.pattern).toBe('/org/$slug');
    expect(pageRouteOf('sign-in.tsx')).toEqual({ pattern: '/sign-in', layouts: ['sign-in/route.tsx'] });
    expect(pageRouteOf('index.tsx')?.pattern).toBe('/');
    expect(pageRouteOf('_app/project/$ref/route.tsx')).toBeNull();
    expect(pageRouteOf('__root.tsx')).toBeNull();
  });

  it('matches whole paths only, literal segments before parameters', () => {
    expect(matchScore('/project/$ref/editor/$tableId', '/project/abc/editor/12')).toBe(2);
    expect(matchScore('/project/$ref/editor/$tableId', '/project/abc/editor')).toBeNull();
    expect(matchScore('/project/$ref/editor', '/project/abc/editor/12')).toBeNull();
    expect(matchScore('/project/$ref', '/project/abc?x=1')).toBe(1);
    expect(matchScore('/docs/$', '/docs/a/b')).toBe(1);
    const routes: RoutePreload[] = [
      { pattern: '/project/$ref/$section', files: ['assets/section.js'] },
      { pattern: '/project/$ref/sql', files: ['assets/sql.js'] },
      { pattern: '/project/$ref', files: ['assets/home.js'] },
    ];
    expect(preloadsFor(routes, '/project/abc/sql')).toEqual(['assets/sql.js']);
    expect(preloadsFor(routes, '/project/abc/other')).toEqual(['assets/section.js']);
    expect(preloadsFor(routes, '/nowhere')).toEqual([]);
  });

  it('adds links for files the page does not reference yet, and nothing that is not a plain asset path', () => {
    const html = '<head><script type="module" crossorigin src="/dashboard/assets/app-1.js"></script></head>';
    const out = withRoutePreloads(html, ['assets/app-1.js', 'assets/page-2.css', 'assets/page-2.js', 'assets/"><script>x.js']);
    expect(out).toBe(
      '<head><script type="module" crossorigin src="/dashboard/assets/app-1.js"></script>' +
        '<link rel="stylesheet" crossorigin href="/dashboard/assets/page-2.css"><link rel="modulepreload" crossorigin href="/dashboard/assets/page-2.js"></head>',
    );
    expect(withRoutePreloads(html, [])).toBe(html);
  });
});

describe('the platform serves a page with its preloads', () => {
  const dist = mkdtempSync(join(tmpdir(), 'strata-preloads-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('injects the links of the page route the path matches, and none for an unknown path or an older build', async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><head><title>console</title></head>');
    const never = new Promise<never>(() => {});
    const app = createApp({ mode: 'platform', publicHost: '127.0.0.1:54321', distDir: dist, services: () => never, verifyAccessToken: async () => null });
    // No route-preloads.json (a build from before it existed): the page is served as it is.
    expect(await (await app.request('/dashboard/project/abc')).text()).not.toContain('modulepreload');

    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><head><title>console v2</title></head>');
    const routes: RoutePreload[] = [
      { pattern: '/project/$ref/editor/$tableId', files: ['assets/grid.css', 'assets/grid.js'] },
      { pattern: '/project/$ref', files: ['assets/home.js'] },
    ];
    writeFileSync(join(dist, 'route-preloads.json'), JSON.stringify(routes));
    const table = await (await app.request('/dashboard/project/abc/editor/7')).text();
    expect(table).toContain('<link rel="modulepreload" crossorigin href="/dashboard/assets/grid.js">');
    expect(table).toContain('<link rel="stylesheet" crossorigin href="/dashboard/assets/grid.css">');
    expect(table).not.toContain('home.js');
    expect(await (await app.request('/dashboard/project/abc')).text()).toContain('href="/dashboard/assets/home.js"');
    expect(await (await app.request('/dashboard/unknown/page')).text()).not.toContain('modulepreload');
  });
});
