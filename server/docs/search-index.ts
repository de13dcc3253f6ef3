// The docs search index in the platform database (issue 22): built when the docs change, read back once per
// process. Full text runs in Postgres; semantic vectors are compared in process (a few hundred sections).
import type pg from 'pg';
import { withTransaction } from '../db/transaction.ts';
import { docsCorpus, type DocsCorpus, type DocsSection } from './corpus.ts';
import { cosine, embedQuery, trainLsa, type LsaModel } from './lsa.ts';
import { embedWithWordVectors, wordVectorSpace, type WordVectorSpace } from './word-vectors.ts';

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

/** Paragraphs shorter than this many words (headings' leftovers, one-line notes) are not chunks of their own. */
const MIN_CHUNK_WORDS = 6;

/**
 * The texts the semantic model learns a section from (issue 22): the whole section (headings counted three times),
 * then each of its paragraphs with the section's headings in front (title propagation). A section scores as its
 * best chunk, so a question about one paragraph of a long section is not drowned by the rest of it. Measured in
 * bench/docs-search (semantic recall@5 / MRR, tuning set and held-out set): whole sections only 0.863 / 0.746 and
 * 0.333 / 0.322; with paragraph chunks 0.882 / 0.761 and 0.333 / 0.327 (48 dimensions both; 64 and 96 scored higher
 * on the tuning set only, so they were not taken).
 */
export function semanticChunks(section: DocsSection): string[] {
  const head = `${section.heading} ${section.parents.join(' ')} ${section.pageTitle}`;
  const chunks = [`${head} ${head} ${section.heading} ${plainText(section.body)}`];
  for (const paragraph of section.body.split(/\n\s*\n/)) {
    const text = plainText(paragraph);
    if (text.split(' ').length >= MIN_CHUNK_WORDS) chunks.push(`${head} ${text}`);
  }
  return chunks;
}

interface LoadedIndex {
  hash: string;
  sections: DocsSection[];
  model: LsaModel;
  termIndex: Map<string, number>;
  /** Every chunk's unit vector and the position of its section in `sections`. */
  chunks: { section: number; vector: Float64Array }[];
  /** The same chunks in the pre-trained word-vector space (word-vectors.ts), in corpus order. */
  words: WordVectorSpace;
  chunkSections: number[];
}

/** The chunks of every section, in order, each with its section's position. */
function corpusChunks(sections: DocsSection[]): { section: number; text: string }[] {
  return sections.flatMap((section, i) => semanticChunks(section).map((text) => ({ section: i, text })));
}

const loaded = new WeakMap<pg.Pool, Map<string, Promise<LoadedIndex>>>();

async function writeIndex(pool: pg.Pool, corpus: DocsCorpus, model: LsaModel): Promise<void> {
  await withTransaction(pool, async (client) => {
    await client.query('select pg_advisory_xact_lock($1)', [LOCK_KEY]);
    const state = await client.query<{ corpus_hash: string }>('select corpus_hash from docs_index_state');
    if (state.rows[0]?.corpus_hash === corpus.hash) return;
    await client.query('delete from docs_sections');
    // One stored vector per section: its whole-section chunk (the first of its chunks).
    const chunks = corpusChunks(corpus.sections);
    const sectionVectors = corpus.sections.map((_, i) => model.docVectors[chunks.findIndex((c) => c.section === i)]!);
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
        sectionVectors.map((v) => `{${Array.from(v).join(',')}}`),
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
  });
}

async function readModel(pool: pg.Pool, corpus: DocsCorpus): Promise<LsaModel | null> {
  const state = await pool.query<{ corpus_hash: string }>('select corpus_hash from docs_index_state');
  if (state.rows[0]?.corpus_hash !== corpus.hash) return null;
  const terms = await pool.query<{ term: string; idf: number; direction: number[] }>('select term, idf, direction from docs_terms order by term');
  const docs = await pool.query<{ id: string; embedding: number[] }>('select id, embedding from docs_sections order by position');
  if (docs.rows.length !== corpus.sections.length || terms.rows.length === 0) return null;
  // docVectors stay the stored per-section vectors; the chunks' vectors are projected again in process (docsIndex).
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
      const texts = corpusChunks(corpus.sections);
      if (!model) {
        model = trainLsa(texts.map((c) => c.text));
        await writeIndex(pool, corpus, model);
      }
      const termIndex = new Map(model.terms.map((t, i) => [t, i]));
      // The same projection training gave each chunk (sublinear TF-IDF through the stored term directions).
      const chunks = texts.flatMap((c) => {
        const vector = embedQuery(model, c.text, termIndex);
        return vector ? [{ section: c.section, vector }] : [];
      });
      const words = wordVectorSpace(texts.map((c) => c.text));
      return { hash: corpus.hash, sections: corpus.sections, model, termIndex, chunks, words, chunkSections: texts.map((c) => c.section) };
    })();
    promise.catch(() => byHash.delete(corpus.hash));
    byHash.set(corpus.hash, promise);
  }
  return promise;
}

/**
 * The full-text query: the words of the question OR-ed (ranking rewards sections that match more of them, with
 * the weights A/B/C), the last word as a prefix while it is being typed. Words in double quotes must follow each
 * other (a phrase, `<->`), as in web search; an unclosed quote is a phrase still being typed. Words are reduced to
 * letters and digits before they reach to_tsquery, so its syntax cannot be injected.
 */
export function ftsQueryTerms(query: string): string[] {
  const wordsOf = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const typing = !/[\s"]$/.test(query);
  const groups: string[][] = [];
  let budget = 32;
  // Even pieces are outside quotes (each word its own group), odd pieces inside (one group, a phrase).
  query.split('"').forEach((piece, i) => {
    const words = wordsOf(piece).slice(0, budget);
    budget -= words.length;
    if (words.length === 0) return;
    if (i % 2 === 1) groups.push(words);
    else for (const word of words) groups.push([word]);
  });
  if (groups.length === 0) return [];
  const last = groups[groups.length - 1]!;
  if (typing) last[last.length - 1] = `${last[last.length - 1]}:*`;
  return groups.map((g) => (g.length === 1 ? g[0]! : `(${g.join(' <-> ')})`));
}

/** The whole full-text query as one tsquery text (the terms OR-ed); null when it has no word. */
export function ftsQueryText(query: string): string | null {
  const terms = ftsQueryTerms(query);
  return terms.length ? terms.join(' | ') : null;
}


/**
 * Full-text ranking (issue 22): each query term's ts_rank (title A, headings B, body C) times the square of its
 * inverse document frequency over the sections (the question's weight and the section's, as in TF-IDF cosine),
 * summed, so a rare word of the question ('429', 'bucket') outweighs a common one ('project'); ts_rank of the OR-ed
 * query counts every matched word alike. Measured in bench/docs-search (full-text recall@5 / MRR, tuning set /
 * held-out set; chosen on the tuning set): ts_rank of the OR-ed query 0.804 / 0.67 and 0.533 / 0.362; × idf
 * 0.824 / 0.715 and 0.533 / 0.358; × idf² 0.863 / 0.732 and 0.467 / 0.339.
 */
export async function searchFullText(pool: pg.Pool, query: string, options: { alternate: boolean }): Promise<DocsSearchRecord[]> {
  await docsIndex(pool);
  const terms = ftsQueryTerms(query.trim());
  if (terms.length === 0) return [];
  const { rows } = await pool.query<{ id: string; page: string; page_title: string; heading: string; slug: string; level: number; body: string }>(
    `with terms as (
       select i, q from unnest($1::text[]) with ordinality as t(text, i), to_tsquery('english', t.text) q where numnode(q) > 0
     ), weighted as (
       select t.i, t.q, ln(1 + count(*)::float8 / (1 + count(*) filter (where d.fts @@ t.q))) as idf
         from terms t cross join docs_sections d
        group by t.i, t.q
     )
     select id, page, page_title, heading, slug, level, body
       from docs_sections d join weighted w on d.fts @@ w.q
      where $2::boolean is false or level <= 2
      group by id, page, page_title, heading, slug, level, body, position
      order by sum(ts_rank(d.fts, w.q) * w.idf * w.idf) desc, position
      limit $3`,
    [terms, options.alternate, DOCS_RESULT_LIMIT],
  );
  const bodies = new Map(docsCorpus().sections.map((s) => [s.id, s.body]));
  return rows.map((r) => toRecord({ id: r.id, page: r.page, pageTitle: r.page_title, heading: r.heading, slug: r.slug, level: r.level, body: bodies.get(r.id) ?? r.body }));
}

/**
 * Weight of the pre-trained word vectors beside the corpus-learned LSA in the semantic score (issue 22): a section
 * scores its best LSA chunk + WORD_VECTOR_WEIGHT × its best word-vector chunk. Chosen on the tuning set of
 * bench/docs-search (0.5 / 0.7 / 1 tried; the held-out set was not used to choose). Measured, semantic recall@5 /
 * MRR, tuning and held-out: LSA alone 0.882 / 0.761 and 0.333 / 0.327; word vectors alone 0.706 / 0.524 and
 * 0.4 / 0.299; LSA + 0.7 × word vectors 0.922 / 0.786 and 0.467 / 0.35.
 */
export const WORD_VECTOR_WEIGHT = 0.7;

export async function searchSemantic(pool: pg.Pool, query: string, options: { alternate: boolean }): Promise<DocsSearchRecord[]> {
  const index = await docsIndex(pool);
  const lsa = embedQuery(index.model, query, index.termIndex);
  const meaning = embedWithWordVectors(index.words, query);
  if (!lsa && !meaning) return [];
  const n = index.sections.length;
  const bestLsa = new Float64Array(n);
  const bestWords = new Float64Array(n);
  if (lsa) for (const chunk of index.chunks) bestLsa[chunk.section] = Math.max(bestLsa[chunk.section]!, cosine(lsa, chunk.vector));
  if (meaning)
    index.words.chunkVectors.forEach((vector, i) => {
      const section = index.chunkSections[i]!;
      if (vector) bestWords[section] = Math.max(bestWords[section]!, cosine(meaning, vector));
    });
  const scored = index.sections
    .map((section, i) => ({ section, score: bestLsa[i]! + WORD_VECTOR_WEIGHT * bestWords[i]! }))
    .filter(({ section, score }) => score > 0.05 && (!options.alternate || section.level <= 2))
    .sort((a, b) => b.score - a.score)
    .slice(0, DOCS_RESULT_LIMIT);
  return scored.map(({ section }) => toRecord(section));
}
