import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createApp } from '../app.ts';
import type { Services } from '../services.ts';

const dist = mkdtempSync(join(tmpdir(), 'strata-console-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>console</title>');
writeFileSync(join(dist, 'assets', 'index-1a2b.js'), 'export {}');
writeFileSync(join(dist, 'favicon.ico'), 'icon');
const BIG_SCRIPT = `export const text = ${JSON.stringify('console '.repeat(400))};\n`;
writeFileSync(join(dist, 'assets', 'app-5e6f.js'), BIG_SCRIPT);
writeFileSync(join(dist, 'assets', 'app-5e6f.js.gz'), gzipSync(BIG_SCRIPT));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

// The database never becomes ready here: pages must not care, API calls must wait or fail cleanly.
const never = new Promise<never>(() => {});
const app = (distDir = dist, services: () => Promise<never> = () => never) =>
  createApp({ mode: 'platform', publicHost: '127.0.0.1:54321', distDir, services, verifyAccessToken: async () => null });

describe('console under /dashboard', () => {
  it('sends the build\'s gzip copy of a script to a browser that accepts gzip, the plain file otherwise', async () => {
    const a = app();
    const gz = await a.request('/dashboard/assets/app-5e6f.js', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(gz.status).toBe(200);
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('content-type')).toContain('javascript');
    expect(gz.headers.get('vary')).toContain('Accept-Encoding');
    expect(gz.headers.get('cache-control')).toContain('immutable');
    const body = Buffer.from(await gz.arrayBuffer());
    expect(body.length).toBeLessThan(BIG_SCRIPT.length / 4);
    expect(gunzipSync(body).toString()).toBe(BIG_SCRIPT);
    const plain = await a.request('/dashboard/assets/app-5e6f.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(BIG_SCRIPT);
    // A file without a gzip copy is sent as it is.
    const small = await a.request('/dashboard/assets/index-1a2b.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.text()).toBe('export {}');
  });

  it('serves files, and index.html for page paths, without waiting for the database', async () => {
    const a = app();
    const index = await a.request('/dashboard');
    expect(index.status).toBe(200);
    expect(await index.text()).toContain('<title>console</title>');
    for (const path of ['/dashboard/', '/dashboard/project/abc/sql/1', '/dashboard/org/acme/usage?projectRef=x']) {
      const page = await a.request(path);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(page.headers.get('cache-control')).toBe('no-cache');
    }
    const script = await a.request('/dashboard/assets/index-1a2b.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(script.headers.get('cache-control')).toContain('immutable');
    expect((await a.request('/dashboard/favicon.ico')).headers.get('cache-control')).toBe('no-cache');
    expect((await a.request('/dashboard/assets/gone-9f9f.js')).status).toBe(404);
    expect((await a.request('/dashboard/../package.json')).status).not.toBe(200);
    expect((await a.request('/dashboard/%2e%2e/%2e%2e/etc/passwd')).status).not.toBe(200);
  });

  it('redirects / to /dashboard and explains a missing build', async () => {
    const redirect = await app().request('/');
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('/dashboard');
    const missing = await app(join(dist, 'nope')).request('/dashboard/org/x');
    expect(missing.status).toBe(503);
    expect(await missing.text()).toContain('npm run build');
  });

  it('answers /api with JSON, never a page, and a 503 when the database could not start', async () => {
    const a = app(dist, () => Promise.reject(new Error('boom')));
    const unauthenticated = await a.request('/api/platform/organizations');
    expect(unauthenticated.status).toBe(401);
    expect(await unauthenticated.json()).toEqual({ message: expect.stringMatching(/access token/) });
    const down = await a.request('/api/nothing-here');
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ message: expect.stringMatching(/not available/) });
    expect((await a.request('/other')).status).toBe(404);
  });
});

describe('console configuration and methods', () => {
  it('tells the console its mode through a JSON element, escaped', async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>console</title></head><body></body></html>');
    const platform = await app().request('/dashboard/org/x');
    const html = await platform.text();
    const config = /<script id="strata-config" type="application\/json">([^<]*)<\/script><\/head>/.exec(html)?.[1];
    // The build id is the served file's (issue 21: the version notice compares it with GET /api/get-deployment-commit).
    const served = await (await app().request('/dashboard/api/get-deployment-commit')).json();
    expect(JSON.parse(config!)).toEqual({ mode: 'platform', build: served.commitSha, telemetry: false, disableAllFeatures: false });
    const selfHosted = createApp({ mode: 'self-hosted', publicHost: '127.0.0.1:1', distDir: dist, services: () => never, verifyAccessToken: async () => null });
    expect(await (await selfHosted.request('/dashboard/')).text()).toContain('{"mode":"self-hosted"');
    // A rebuilt console is another build.
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>console v2</title></head><body></body></html>');
    const rebuilt = await (await app().request('/dashboard/api/get-deployment-commit')).json();
    expect(rebuilt.commitSha).not.toBe(served.commitSha);
    expect(Number.isNaN(Date.parse(rebuilt.commitTime))).toBe(false);
  });

  it("carries the flag values the flags provider will load, once the database is ready (spec A4.12)", async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>console</title></head><body></body></html>');
    const stored: { key: string; value: unknown }[] = [];
    const queries: string[] = [];
    // A stand-in for the platform database: only the remote flag read is asked of it.
    const services = { pool: { query: async (text: string) => (queries.push(text), { rows: stored }) } } as unknown as Services;
    const ready = createApp({ mode: 'platform', publicHost: '127.0.0.1:54321', distDir: dist, services: async () => services, verifyAccessToken: async () => null });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const configOf = async (headers: Record<string, string> = {}) => {
      const html = await (await ready.request('/dashboard/project/abc/database/tables', { headers })).text();
      return JSON.parse(/<script id="strata-config" type="application\/json">([^<]*)<\/script>/.exec(html)![1]!) as { flags?: Record<string, boolean> };
    };
    // The platform's default: read replicas are built here, so Replication is not 'Coming soon' (A2.6).
    expect((await configOf()).flags).toMatchObject({ replicationEnabled: true, billingAll: true, brandingLargeLogo: false });
    expect(queries.every((text) => /from platform_flags where source = 'remote'/.test(text))).toBe(true);
    // An admin's stored value wins over the default; the override cookie wins over both.
    stored.push({ key: 'replicationEnabled', value: false });
    expect((await configOf()).flags?.replicationEnabled).toBe(false);
    const cookie = `strata-flag-overrides=${encodeURIComponent(JSON.stringify({ replicationEnabled: true }))}`;
    expect((await configOf({ cookie })).flags?.replicationEnabled).toBe(true);
    // A failed read serves the page without them (the provider still loads them).
    const failing = { pool: { query: async () => Promise.reject(new Error('connection lost')) } } as unknown as Services;
    const broken = createApp({ mode: 'platform', publicHost: '127.0.0.1:54321', distDir: dist, services: async () => failing, verifyAccessToken: async () => null });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const response = await broken.request('/dashboard/');
    expect(response.status).toBe(200);
    expect(await response.text()).not.toContain('"flags"');
  });

  it('answers other methods on page paths with the 405 page', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const response = await app().request('/dashboard/project/abc', { method });
      expect(response.status).toBe(405);
      expect(await response.text()).toContain('Method Not Allowed');
    }
  });
});

describe('error pages served by the platform (spec A2.14)', () => {
  it('a page address that is not a well-formed URL is the 400 page', async () => {
    for (const path of ['/dashboard/project/%E0%A4%A', '/dashboard/org/%ZZ/team', '/dashboard/%']) {
      const response = await app().request(path);
      expect(response.status, path).toBe(400);
      const text = await response.text();
      expect(text).toContain('<h1');
      expect(text).toContain('400');
      expect(text).toContain('Bad Request');
    }
    // An escaped percent sign is well formed: the app, which then shows its own 404.
    expect((await app().request('/dashboard/%25ZZ')).status).toBe(200);
  });

  it('a page the platform fails to serve is the 500 page, never the error itself', async () => {
    // index.html that cannot be read as a file (a folder): not "not built", a failure.
    const broken = mkdtempSync(join(tmpdir(), 'strata-console-broken-'));
    mkdirSync(join(broken, 'index.html'));
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const response = await app(broken).request('/dashboard/organizations');
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(text).toContain('Internal Server Error');
      expect(text).not.toContain('EISDIR');
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      console.error = original;
      rmSync(broken, { recursive: true, force: true });
    }
    // Not built at all still says so (503), as before.
    expect((await app(join(tmpdir(), 'strata-no-such-dist')).request('/dashboard/organizations')).status).toBe(503);
  });
});
