// Early requests of a first load (issues 15, 25): what the platform puts into a page, and what its inline script does
// with the stored session (run in a VM with a stand-in document, storage and fetch; the browser walk is
// e2e/early-requests.spec.ts).
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { AUTH_STORAGE_KEY } from '../../src/domain/auth.ts';
import { EARLY_REQUESTS_SCRIPT, withEarlyRequests } from './early-requests.ts';

const REF = 'abcdefghijabcdefghij';
const HTML = '<!doctype html><html><head><meta charset="UTF-8" /><title>console</title><script type="module" src="/dashboard/assets/app.js"></script></head></html>';

describe('the page of a covered route', () => {
  it('carries the list right after the charset, with the constant script after it', () => {
    const out = withEarlyRequests(HTML, `/project/${REF}`, '');
    const start = out.indexOf('<meta charset="UTF-8" />') + '<meta charset="UTF-8" />'.length;
    expect(out.slice(start)).toMatch(/^<script id="strata-early" type="application\/json">\{[^<]*\}<\/script><script>\(function\(\)/);
    const data = JSON.parse(/<script id="strata-early" type="application\/json">(.*?)<\/script>/.exec(out)![1]!);
    expect(data).toMatchObject({ key: AUTH_STORAGE_KEY, margin: 120, requests: ['/api/platform/organizations', '/api/platform/profile/permissions', `/api/platform/projects/${REF}`] });
  });

  it('cannot be broken out of by the address: its text reaches the list percent-encoded', () => {
    const out = withEarlyRequests(HTML, `/project/${REF}/editor/7`, `?filter=${encodeURIComponent('name:eq:</script><script>alert(1)</script>$&')}`);
    expect(out.match(/<script/g)).toHaveLength(3);
    expect(out).toContain('open?filter=name%3Aeq%3A%3C%2Fscript%3E%3Cscript%3Ealert%281%29%3C%2Fscript%3E%24%26"]}</script>');
    expect(out).toContain('<meta charset="UTF-8" />');
  });

  it('is unchanged for a page with nothing to ask early', () => {
    expect(withEarlyRequests(HTML, '/sign-in', '')).toBe(HTML);
    expect(withEarlyRequests(HTML, '/project/BAD', '')).toBe(HTML);
  });
});

describe('the served page', () => {
  const dist = mkdtempSync(join(tmpdir(), 'strata-early-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('allows the script by its hash in the page CSP', async () => {
    writeFileSync(join(dist, 'index.html'), HTML);
    const never = new Promise<never>(() => {});
    const app = createApp({ mode: 'platform', publicHost: '127.0.0.1:54321', distDir: dist, services: () => never, verifyAccessToken: async () => null });
    const response = await app.request(`/dashboard/project/${REF}/editor/12?sort=id:asc`);
    expect(await response.text()).toContain(`/api/platform/pg-meta/${REF}/entities/12/open?sort=id%3Aasc`);
    const hash = createHash('sha256').update(EARLY_REQUESTS_SCRIPT).digest('base64');
    expect(response.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
  });
});

describe('the inline script', () => {
  const now = 1_800_000_000;
  const run = (stored: unknown) => {
    const sent: Array<{ url: string; headers: Record<string, string> }> = [];
    const window: Record<string, unknown> = {};
    const data = { key: AUTH_STORAGE_KEY, margin: 120, global: '__strataEarly', maxAge: 10_000, requests: ['/api/a', '/api/b?x=1'] };
    runInNewContext(EARLY_REQUESTS_SCRIPT, {
      window,
      document: { getElementById: (id: string) => (id === 'strata-early' ? { textContent: JSON.stringify(data) } : null) },
      localStorage: { getItem: (key: string) => (key === AUTH_STORAGE_KEY && stored !== undefined ? JSON.stringify(stored) : null) },
      performance: { now: () => 42 },
      Date: { now: () => now * 1000 },
      setTimeout: () => 0,
      fetch: (url: string, init: { headers: Record<string, string> }) => {
        sent.push({ url, headers: init.headers });
        return Promise.resolve('answer');
      },
    });
    return { sent, record: window.__strataEarly as { token: string; at: number; responses: Record<string, unknown> } | undefined };
  };
  const session = (expiresAt: number) => ({ access_token: 'tok', refresh_token: 'r', expires_at: expiresAt, user: { id: 'u' } });

  it('sends every request with the stored access token and keeps the answers by URL', () => {
    const { sent, record } = run(session(now + 3600));
    expect(sent).toEqual([
      { url: '/api/a', headers: { accept: 'application/json', authorization: 'Bearer tok' } },
      { url: '/api/b?x=1', headers: { accept: 'application/json', authorization: 'Bearer tok' } },
    ]);
    expect(record?.token).toBe('tok');
    expect(record?.at).toBe(42);
    expect(Object.keys(record!.responses)).toEqual(['/api/a', '/api/b?x=1']);
  });

  it('sends nothing signed out, with a session about to be refreshed, or with an incomplete one', () => {
    for (const stored of [undefined, session(now + 100), { access_token: 'tok', expires_at: now + 3600 }, 'garbage']) {
      const { sent, record } = run(stored);
      expect(sent).toEqual([]);
      expect(record).toBeUndefined();
    }
  });
});
