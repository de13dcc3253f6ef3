// Issue 13 finding 8: the console's pages and files carry a CSP that runs only the console's own scripts (and the
// inline theme script of index.html, by its hash), refuses framing, and turns off sniffing and referrers.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';

const THEME_SCRIPT = "\n      (function () { document.documentElement.dataset.theme = 'dark'; })();\n    ";
const dist = mkdtempSync(join(tmpdir(), 'strata-console-headers-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(
  join(dist, 'index.html'),
  `<!doctype html><html><head><title>console</title><script>${THEME_SCRIPT}</script>` +
    `<script type="module" crossorigin src="/dashboard/assets/index-1a2b.js"></script></head><body></body></html>`,
);
writeFileSync(join(dist, 'assets', 'index-1a2b.js'), 'export {}');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const never = new Promise<never>(() => {});
const app = (distDir = dist) =>
  createApp({ mode: 'platform', publicHost: '127.0.0.1:54321', distDir, services: () => never, verifyAccessToken: async () => null });

/** The CSP as a map of directive → sources. */
function directives(response: Response): Map<string, string[]> {
  const csp = response.headers.get('content-security-policy') ?? '';
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectFrameAndSniffHeaders(label: string, response: Response) {
  expect(response.headers.get('x-frame-options'), label).toBe('DENY');
  expect(response.headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(response.headers.get('referrer-policy'), label).toBe('no-referrer');
  expect(directives(response).get('frame-ancestors'), label).toEqual(["'none'"]);
}

describe('security headers of /dashboard', () => {
  it('pages: scripts from the console only, its inline theme script by hash, no framing', async () => {
    const hash = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;
    for (const path of ['/dashboard', '/dashboard/', '/dashboard/project/abc/sql/1']) {
      const page = await app().request(path);
      expect(page.status, path).toBe(200);
      expectFrameAndSniffHeaders(path, page);
      const csp = directives(page);
      expect(csp.get('script-src'), path).toEqual(["'self'", hash]);
      expect(csp.get('default-src'), path).toEqual(["'self'"]);
      expect(csp.get('object-src'), path).toEqual(["'none'"]);
      expect(csp.get('base-uri'), path).toEqual(["'self'"]);
      // The project API URL (uploads go there) is another origin when the console is opened through localhost.
      expect(csp.get('connect-src'), path).toEqual(["'self'", 'http://127.0.0.1:54321']);
      expect(csp.get('worker-src'), path).toEqual(["'self'", 'blob:']);
      // CodeMirror and react-aria set style elements and attributes at run time.
      expect(csp.get('style-src'), path).toEqual(["'self'", "'unsafe-inline'"]);
    }
  });

  it('a changed inline script is not allowed by the old hash', async () => {
    const other = mkdtempSync(join(tmpdir(), 'strata-console-headers-'));
    writeFileSync(join(other, 'index.html'), '<!doctype html><html><head><script>alert(1)</script></head></html>');
    const page = await app(other).request('/dashboard');
    const sources = directives(page).get('script-src') ?? [];
    expect(sources).toContain(`'sha256-${createHash('sha256').update('alert(1)').digest('base64')}'`);
    expect(sources).not.toContain(`'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`);
    expect(sources.join(' ')).not.toMatch(/unsafe-inline|unsafe-eval/);
    rmSync(other, { recursive: true, force: true });
  });

  it('files, the missing-build page and the 405 page carry them too', async () => {
    expectFrameAndSniffHeaders('asset', await app().request('/dashboard/assets/index-1a2b.js'));
    expectFrameAndSniffHeaders('missing asset', await app().request('/dashboard/assets/gone.js'));
    expectFrameAndSniffHeaders('not built', await app(join(dist, 'nope')).request('/dashboard/org/x'));
    expectFrameAndSniffHeaders('405', await app().request('/dashboard/org/x', { method: 'POST' }));
    expectFrameAndSniffHeaders('root redirect', await app().request('/'));
  });
});
