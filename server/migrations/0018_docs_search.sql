-- Strata's documentation index for the docs search (issue 22, spec B2.6/B7). Rebuilt by the platform whenever the
-- docs' text changes (corpus_hash); sections are weighted for full text (section heading A, page title and parent
-- headings B, body C) and carry the section's latent semantic vector (server/docs/lsa.ts).
CREATE TABLE IF NOT EXISTS docs_index_state (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  corpus_hash text NOT NULL,
  built_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS docs_sections (
  id text PRIMARY KEY,
  position integer NOT NULL,
  page text NOT NULL,
  page_title text NOT NULL,
  heading text NOT NULL,
  slug text NOT NULL,
  level smallint NOT NULL,
  body text NOT NULL,
  fts tsvector NOT NULL,
  embedding real[] NOT NULL
);
CREATE INDEX IF NOT EXISTS docs_sections_fts ON docs_sections USING gin (fts);

-- The latent space's term directions: a query is folded in through them.
CREATE TABLE IF NOT EXISTS docs_terms (
  term text PRIMARY KEY,
  idf real NOT NULL,
  direction real[] NOT NULL
);
