import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIsStale, writeBuildStamp } from './build-stamp.ts';

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
});
