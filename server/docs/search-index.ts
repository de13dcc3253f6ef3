// The docs search index in the platform database (issue 22): built when the docs change, read back once per
// process. Full text runs in Postgres; semantic vectors are compared in process (a few hundred sections).
import type pg from 'pg';
import { docsCorpus, type DocsCorpus, type DocsSection } from './corpus.ts';
import { cosine, embedQuery, tokens, trainLsa, type LsaModel } from './lsa.ts';

/** Raw docs search record (spec B7 'Docs search result' before normalisation). */
export interface DocsSearchRecord {
  id: string;
  path: string;
  type: 'markdown';
  title: string;
  subtitle: string | null;
  description: string | null;
  headings: string[];
  slugs: string[];
}

export const DOCS_RESULT_LIMIT = 10;
const LOCK_KEY = 0x5d0c5; // advisory lock: one platform rebuilds at a time

/** Plain text of a section's Markdown (for snippets and the semantic model). */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[^\n]*\n/g, '')
    .replace(/[`*#|]/g, ' ')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

function describe(section: DocsSection): string | null {
  const text = plainText(section.body.split('```')[0] ?? '');
  if (!text) return null;
  return text.length > 160 ? `${text.slice(0, 157).replace(/\s+\S*$/, '')}…` : text;
}

export function toRecord(section: Pick<DocsSection, 'id' | 'page' | 'pageTitle' | 'heading' | 'slug' | 'level' | 'body'>): DocsSearchRecord {
  return {
    id: section.id,
    path: `/docs/${section.page}`,
    type: 'markdown',
    title: section.pageTitle,
    subtitle: section.level === 1 ? null : section.heading,
    description: describe(section as DocsSection),
    headings: [section.heading],
    slugs: [section.slug],
  };
}

/** The text the semantic model learns a section from: headings count three times. */
function semanticText(section: DocsSection): string {
  const head = `${section.heading} ${section.parents.join(' ')} ${section.pageTitle}`;
  return `${head} ${head} ${section.heading} ${plainText(section.body)}`;
}

interface LoadedIndex {
  hash: string;
  sections: DocsSection[];
  model: LsaModel;
  termIndex: Map<string, number>;
}

const loaded = new WeakMap<pg.Pool, Map<string, Promise<LoadedIndex>>>();

async function writeIndex(pool: pg.Pool, corpus: DocsCorpus, model: LsaModel): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1)', [LOCK_KEY]);
    const state = await client.query<{ corpus_hash: string }>('select corpus_hash from docs_index_state');
    if (state.rows[0]?.corpus_hash === corpus.hash) {
      await client.query('commit');
      return;
    }
    await client.query('delete from docs_sections');
    await client.query('delete from docs_terms');
    const s = corpus.sections;
    await client.query(
      `insert into docs_sections (id, position, page, page_title, heading, slug, level, body, fts, embedding)
       select id, position, page, page_title, heading, slug, level, body,
              setweight(to_tsvector('english', heading), 'A') ||
              setweight(to_tsvector('english', page_title || ' ' || parents), 'B') ||
              setweight(to_tsvector('english', body), 'C'),
              embedding
         from unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::smallint[], $8::text[], $9::text[], $10::text[])
           as t(id, position, page, page_title, heading, slug, level, body, parents, embedding_text)
         cross join lateral (select embedding_text::real[] as embedding) e`,
      [
        s.map((x) => x.id),
        s.map((_, i) => i),
        s.map((x) => x.page),
        s.map((x) => x.pageTitle),
        s.map((x) => x.heading),
        s.map((x) => x.slug),
        s.map((x) => x.level),
        s.map((x) => plainText(x.body)),
        s.map((x) => x.parents.join(' ')),
        model.docVectors.map((v) => `{${Array.from(v).join(',')}}`),
      ],
    );
    const directions = model.terms.map((_, i) => `{${Array.from(model.basis.subarray(i * model.k, (i + 1) * model.k)).join(',')}}`);
    await client.query(
      `insert into docs_terms (term, idf, direction)
       select term, idf, direction::real[] from unnest($1::text[], $2::real[], $3::text[]) as t(term, idf, direction)`,
      [model.terms, Array.from(model.idf), directions],
    );
    await client.query(
      `insert into docs_index_state (singleton, corpus_hash, built_at) values (true, $1, now())
       on conflict (singleton) do update set corpus_hash = excluded.corpus_hash, built_at = now()`,
      [corpus.hash],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function readModel(pool: pg.Pool, corpus: DocsCorpus): Promise<LsaModel | null> {
  const state = await pool.query<{ corpus_hash: string }>('select corpus_hash from docs_index_state');
  if (state.rows[0]?.corpus_hash !== corpus.hash) return null;
  const terms = await pool.query<{ term: string; idf: number; direction: number[] }>('select term, idf, direction from docs_terms order by term');
  const docs = await pool.query<{ id: string; embedding: number[] }>('select id, embedding from docs_sections order by position');
  if (docs.rows.length !== corpus.sections.length || terms.rows.length === 0) return null;
  const k = terms.rows[0]!.direction.length;
  const basis = new Float64Array(terms.rows.length * k);
  terms.rows.forEach((row, i) => basis.set(row.direction, i * k));
  return {
    terms: terms.rows.map((r) => r.term),
    idf: Float64Array.from(terms.rows.map((r) => r.idf)),
    basis,
    k,
    docVectors: docs.rows.map((r) => Float64Array.from(r.embedding)),
  };
}

/** Builds (when the docs' hash differs from the stored one) and loads the index; once per pool, hash and process. */
export function docsIndex(pool: pg.Pool, corpus: DocsCorpus = docsCorpus()): Promise<LoadedIndex> {
  const byHash = loaded.get(pool) ?? new Map<string, Promise<LoadedIndex>>();
  loaded.set(pool, byHash);
  let promise = byHash.get(corpus.hash);
  if (!promise) {
    promise = (async () => {
      let model = await readModel(pool, corpus);
      if (!model) {
        model = trainLsa(corpus.sections.map(semanticText));
        await writeIndex(pool, corpus, model);
      }
      return { hash: corpus.hash, sections: corpus.sections, model, termIndex: new Map(model.terms.map((t, i) => [t, i])) };
    })();
    promise.catch(() => byHash.delete(corpus.hash));
    byHash.set(corpus.hash, promise);
  }
  return promise;
}

/**
 * The full-text query: the words of the question OR-ed (ranking rewards sections that match more of them, with
 * the weights A/B/C), the last word as a prefix while it is being typed. Words are reduced to letters and digits
 * before they reach to_tsquery, so its syntax cannot be injected.
 */
export function ftsQueryText(query: string): string | null {
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 32);
  if (words.length === 0) return null;
  const typing = !/\s$/.test(query);
  return words.map((w, i) => (i === words.length - 1 && typing ? `${w}:*` : w)).join(' | ');
}

export async function searchFullText(pool: pg.Pool, query: string, options: { alternate: boolean }): Promise<DocsSearchRecord[]> {
  await docsIndex(pool);
  const text = ftsQueryText(query.trim());
  if (!text) return [];
  const { rows } = await pool.query<{ id: string; page: string; page_title: string; heading: string; slug: string; level: number; body: string }>(
    `select id, page, page_title, heading, slug, level, body
       from docs_sections, to_tsquery('english', $1) q
      where fts @@ q and ($2::boolean is false or level <= 2)
      order by ts_rank(fts, q) desc, position
      limit $3`,
    [text, options.alternate, DOCS_RESULT_LIMIT],
  );
  const bodies = new Map(docsCorpus().sections.map((s) => [s.id, s.body]));
  return rows.map((r) => toRecord({ id: r.id, page: r.page, pageTitle: r.page_title, heading: r.heading, slug: r.slug, level: r.level, body: bodies.get(r.id) ?? r.body }));
}

export async function searchSemantic(pool: pg.Pool, query: string, options: { alternate: boolean }): Promise<DocsSearchRecord[]> {
  const index = await docsIndex(pool);
  const vector = embedQuery(index.model, query, index.termIndex);
  if (!vector || tokens(query).length === 0) return [];
  const scored = index.sections
    .map((section, i) => ({ section, score: cosine(vector, index.model.docVectors[i]!) }))
    .filter(({ section, score }) => score > 0.05 && (!options.alternate || section.level <= 2))
    .sort((a, b) => b.score - a.score)
    .slice(0, DOCS_RESULT_LIMIT);
  return scored.map(({ section }) => toRecord(section));
}
