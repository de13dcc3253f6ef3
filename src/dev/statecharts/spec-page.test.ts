// Issue 26, spec links: the viewer's `…/spec/<file>.md#A4.1` links land on the rendered section; spec text is
// escaped (no raw HTML reaches the page); an absent spec folder gives a page that says so, not a 404 of the SPA.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ViteDevServer } from 'vite';
import { statechartsViewer } from '../../../scripts/statecharts-viewer-plugin.ts';
import { loadCharts, specLinks } from './registry.ts';
import { renderSpecMarkdown, sectionId, specPageHtml } from './spec-page.ts';

type Middleware = (req: { url: string }, res: FakeResponse, next: () => void) => void;
type FakeResponse = { statusCode: number; headers: Record<string, string>; body: string; setHeader(name: string, value: string): void; end(body: string): void };

/** The plugin's middleware, called as the dev server would, without starting one. */
async function request(url: string): Promise<FakeResponse | 'next'> {
  let middleware: Middleware | undefined;
  const plugin = statechartsViewer() as unknown as { configResolved(config: unknown): void; configureServer(server: unknown): void };
  plugin.configResolved({ root: process.cwd(), base: '/dashboard/' });
  plugin.configureServer({ middlewares: { use: (fn: Middleware) => (middleware = fn) } } as unknown as ViteDevServer);
  const res: FakeResponse = {
    statusCode: 200,
    headers: {},
    body: '',
    setHeader(name, value) {
      this.headers[name.toLowerCase()] = value;
    },
    end(body) {
      this.body = body;
    },
  };
  let passed = false;
  middleware?.({ url }, res, () => (passed = true));
  return passed ? 'next' : res;
}

let dir = '';
afterEach(() => {
  delete process.env.STRATA_SPEC_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

describe('spec sections rendered for the viewer links', () => {
  it('gives numbered headings the section ids of stately.json (A4.1, B2.4, C9)', () => {
    expect(sectionId('A', '4.1 Project status')).toBe('A4.1');
    expect(sectionId('C', '9. Business constants and limits')).toBe('C9');
    expect(sectionId('A', 'Specification: web console')).toBeUndefined();
    const html = renderSpecMarkdown('# Title\n\n## 2. Screens\n\n### 2.4 Storage file explorer\n- one\n  - nested `a<b`\n', 'B');
    expect(html).toContain('<h2 id="B2">2. Screens</h2>');
    expect(html).toContain('<h3 id="B2.4">2.4 Storage file explorer</h3>');
    expect(html).toMatch(/<ul>\n<li>one<\/li>\n<ul>\n<li>nested <code>a&#60;b<\/code><\/li>/);
  });

  it('escapes every piece of spec text: no tag or attribute from the markdown reaches the page', () => {
    const attack = [
      '## 1. <script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '- **<b onclick="x">bold</b>** and `</code><script>`',
      '| <iframe> | a"b |',
      '```',
      '<svg onload=alert(1)>',
      '```',
    ].join('\n');
    const html = renderSpecMarkdown(attack, 'A');
    // Only the renderer's own tags remain.
    const tags = [...html.matchAll(/<\/?([a-z0-9]+)/gi)].map((m) => m[1]?.toLowerCase());
    expect(new Set(tags)).toEqual(new Set(['h2', 'p', 'ul', 'li', 'strong', 'code', 'table', 'tr', 'td', 'pre']));
    expect(html).not.toMatch(/<(script|img|iframe|svg|b)\b/i);
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
  });

  it('every section a stately.json machine links to exists as a heading id in the real spec', async () => {
    const charts = await loadCharts((file) => import(join(process.cwd(), file)));
    const specDir = process.env.STRATA_SPEC_DIR ?? join(process.cwd(), '../shared/spec');
    const ids = new Map<string, string>();
    const missing: string[] = [];
    for (const { entry } of charts) {
      for (const { section, file } of specLinks(entry.spec)) {
        let html = ids.get(file);
        if (html === undefined) {
          let markdown = '';
          try {
            markdown = readFileSync(join(specDir, file), 'utf8');
          } catch {
            return; // No spec folder beside this clone: the route's own test below covers that case.
          }
          html = specPageHtml(file, markdown);
          ids.set(file, html);
        }
        if (!html.includes(` id="${section}"`)) missing.push(`${entry.id}: ${section}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('serves the rendered file under a script-free CSP, lists what exists, and says so when the folder is absent', async () => {
    dir = mkdtempSync(join(tmpdir(), 'spec-'));
    process.env.STRATA_SPEC_DIR = dir;
    writeFileSync(join(dir, '1-console-shell.md'), '# Spec\n\n### 4.1 Project status\n- <script>x</script>\n');
    const page = await request('/dashboard/__statecharts/spec/1-console-shell.md');
    expect(page).not.toBe('next');
    if (page === 'next') return;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('<h3 id="A4.1">4.1 Project status</h3>');
    expect(page.body).not.toContain('<script>');

    const listing = await request('/dashboard/__statecharts/spec.json');
    expect(listing !== 'next' && JSON.parse(listing.body)).toEqual({ available: ['1-console-shell.md'] });

    const absent = await request('/dashboard/__statecharts/spec/2-data-tools.md');
    expect(absent !== 'next' && absent.statusCode).toBe(404);
    expect(absent !== 'next' && absent.body).toContain('Spec not available');
    expect(absent !== 'next' && absent.body).toContain('STRATA_SPEC_DIR');

    // Any other name (or a path) is not served from the disk.
    expect(await request('/dashboard/__statecharts/spec/package.json.md')).toBe('next');
    expect(await request('/dashboard/__statecharts/spec/..%2F..%2Fetc%2Fpasswd.md')).toBe('next');
  });
});
