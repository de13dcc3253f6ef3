import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildIsStale, bundleServerIfStale, SERVER_INPUTS, writeBuildStamp } from './build-stamp.mjs';

let root: string;
let dist: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'strata-stamp-'));
  dist = join(root, 'dist');
  mkdirSync(join(root, 'src', 'views'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html>');
  writeFileSync(join(root, 'src', 'main.tsx'), 'export {}');
  writeFileSync(join(root, 'src', 'views', 'A.tsx'), 'export const a = 1');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function build() {
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, 'index.html'), 'built');
  writeBuildStamp(root, dist);
}

describe('build stamp (npm start rebuilds only when needed)', () => {
  it('asks for a build when there is none or it has no stamp', () => {
    expect(buildIsStale(root, dist)).toBe('no build yet');
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), 'built by hand');
    expect(buildIsStale(root, dist)).toBe('the build has no stamp');
  });

  it('is fresh right after a build, and stale after a source is changed, added or removed', () => {
    build();
    expect(buildIsStale(root, dist)).toBeNull();
    const later = new Date(Date.now() + 5000);
    utimesSync(join(root, 'src', 'views', 'A.tsx'), later, later);
    expect(buildIsStale(root, dist)).toMatch(/sources changed/);
    build();
    writeFileSync(join(root, 'src', 'views', 'B.tsx'), 'export const b = 2');
    expect(buildIsStale(root, dist)).toMatch(/sources changed/);
    build();
    rmSync(join(root, 'src', 'views', 'B.tsx'));
    expect(buildIsStale(root, dist)).toMatch(/sources changed/);
  });

  it('ignores test files beside the sources', () => {
    build();
    writeFileSync(join(root, 'src', 'views', 'A.test.tsx'), 'test');
    expect(buildIsStale(root, dist)).toBeNull();
  });

  it("tracks the platform's bundle by the server's sources, apart from the console's", () => {
    const bundle = join(root, '.build', 'server');
    mkdirSync(join(root, 'server', 'db'), { recursive: true });
    writeFileSync(join(root, 'server', 'db', 'pool.ts'), 'export {}');
    expect(buildIsStale(root, bundle, SERVER_INPUTS, 'main.js')).toBe('no build yet');
    mkdirSync(bundle, { recursive: true });
    writeFileSync(join(bundle, 'main.js'), 'bundled');
    writeBuildStamp(root, bundle, SERVER_INPUTS);
    build();
    expect(buildIsStale(root, bundle, SERVER_INPUTS, 'main.js')).toBeNull();
    // A console source does not make the bundle stale, a server source does not make the console stale.
    writeFileSync(join(root, 'src', 'views', 'C.tsx'), 'export const c = 3');
    expect(buildIsStale(root, bundle, SERVER_INPUTS, 'main.js')).toBeNull();
    build();
    writeFileSync(join(root, 'server', 'db', 'pool.test.ts'), 'test');
    expect(buildIsStale(root, bundle, SERVER_INPUTS, 'main.js')).toBeNull();
    writeFileSync(join(root, 'server', 'db', 'pool.ts'), 'export const changed = true');
    expect(buildIsStale(root, bundle, SERVER_INPUTS, 'main.js')).toMatch(/sources changed/);
    expect(buildIsStale(root, dist)).toBeNull();
  });

  it('bundles the platform only when its bundle is missing or stale (npm start and the benches share this)', () => {
    const repo = fileURLToPath(new URL('..', import.meta.url));
    const out = join(root, 'server-bundle');
    const lines: string[] = [];
    expect(bundleServerIfStale(repo, out, (line) => lines.push(line))).toBe('no build yet');
    expect(existsSync(join(out, 'main.js'))).toBe(true);
    expect(buildIsStale(repo, out, SERVER_INPUTS, 'main.js')).toBeNull();
    expect(bundleServerIfStale(repo, out, (line) => lines.push(line))).toBeNull();
    expect(lines).toEqual(['[strata] bundling the platform (no build yet)']);
  }, 60_000);
});
