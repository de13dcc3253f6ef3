import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { consoleFirst, consoleOnlyApp, isConsolePath } from './console-first.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const fullApp = { fetch: (request: Request) => new Response(`full ${new URL(request.url).pathname}`) };

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function distWithIndex(): string {
  const dir = mkdtempSync(join(tmpdir(), 'console-first-'));
  made.push(dir);
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><meta charset="UTF-8"></head><body>console</body></html>');
  return dir;
}

describe('console first (the port opens before the whole platform is loaded)', () => {
  it('knows the console paths', () => {
    expect(['/', '/dashboard', '/dashboard/', '/dashboard/project/abc', '/dashboard/assets/x.js'].every(isConsolePath)).toBe(true);
    expect(['/api/platform/projects', '/auth/v1/health', '/p/abc/rest/v1/t', '/dashboardx', '/docs'].some(isConsolePath)).toBe(false);
  });

  it('serves pages at once, holds other requests until the app is loaded, then gives it everything', async () => {
    const full = deferred<typeof fullApp>();
    const consoleOnly = consoleOnlyApp({ distDir: distWithIndex(), mode: 'platform', publicHost: '127.0.0.1:5000', loopbackOnly: true });
    const fetch = consoleFirst(consoleOnly, full.promise);

    const page = await fetch(new Request('http://127.0.0.1:5000/dashboard/projects'));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('console');
    // The page carries the console's own headers (the same consoleRoutes as the full app).
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");

    let answered = false;
    const api = Promise.resolve(fetch(new Request('http://127.0.0.1:5000/api/platform/projects'))).then((response) => {
      answered = true;
      return response;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(false);
    full.resolve(fullApp);
    expect(await (await api).text()).toBe('full /api/platform/projects');
    await Promise.resolve();
    // Loaded: pages come from the full app too.
    expect(await (await fetch(new Request('http://127.0.0.1:5000/dashboard/'))).text()).toBe('full /dashboard/');
  });

  it('keeps the DNS-rebinding host check in front of the early pages', async () => {
    const consoleOnly = consoleOnlyApp({ distDir: distWithIndex(), mode: 'platform', publicHost: '127.0.0.1:5000', loopbackOnly: true });
    const fetch = consoleFirst(consoleOnly, new Promise(() => {}));
    const response = await fetch(new Request('http://attacker.example:5000/dashboard/', { headers: { host: 'attacker.example:5000' } }));
    expect(response.status).toBe(421);
  });

  it('answers 503 to waiting requests when the app fails to load', async () => {
    const full = deferred<typeof fullApp>();
    const fetch = consoleFirst(consoleOnlyApp({ distDir: distWithIndex(), mode: 'platform', publicHost: '127.0.0.1:5000', loopbackOnly: false }), full.promise);
    const api = fetch(new Request('http://127.0.0.1:5000/api/platform/projects'));
    full.reject(new Error('syntax error'));
    const response = await api;
    expect(response.status).toBe(503);
  });
});
