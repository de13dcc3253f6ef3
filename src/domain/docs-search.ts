// Docs search rules and constants (spec B2.6, B5 'Docs search result', B7, B9), shared by the console and the
// platform that serves the docs.

/** spec B9: input debounce of the docs search. */
export const DOCS_SEARCH_DEBOUNCE_MS = 150;
/** spec B9: two sources (full text, semantic). */
export const DOCS_SEARCH_SOURCES = 2;

/**
 * spec B6: 'Docs search uses the docs service's public key'. It is public by design (like an anon key): it only
 * names the docs service; the docs are public. The platform refuses docs search calls without it.
 */
export const DOCS_PUBLIC_KEY = 'strata-docs-public-key-v1';

/** spec B7: the paths of the two searches, under the docs service's host (the platform itself). */
export const DOCS_SEARCH_PATHS = {
  fullText: '/rest/v1/rpc/docs_search_fts',
  /** used when the flag search:fullIndex is off */
  fullTextAlternate: '/rest/v1/rpc/docs_search_fts_nimbus',
  semantic: '/functions/v1/search-embeddings',
} as const;

export type DocsResultType = 'markdown' | 'reference' | 'partner-integration' | 'github-discussions';
const TYPES: readonly string[] = ['markdown', 'reference', 'partner-integration', 'github-discussions'];

export interface DocsSectionLink {
  heading: string;
  slug: string;
}

export interface DocsSearchResult {
  id: string;
  path: string;
  type: DocsResultType;
  title: string;
  subtitle: string | null;
  description: string | null;
  sections: DocsSectionLink[];
}

const text = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/**
 * spec B5: a raw record missing id, path, type or title is dropped; subtitle/description null when absent;
 * sections pair headings and slugs only when both are arrays of equal length, skipping empty pairs.
 */
export function normalizeDocsResult(raw: unknown): DocsSearchResult | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  if (!text(r.id) || !text(r.path) || !text(r.type) || !text(r.title)) return null;
  const type = TYPES.includes(r.type) ? (r.type as DocsResultType) : 'markdown';
  const sections: DocsSectionLink[] = [];
  if (Array.isArray(r.headings) && Array.isArray(r.slugs) && r.headings.length === r.slugs.length) {
    r.headings.forEach((heading: unknown, i: number) => {
      const slug = (r.slugs as unknown[])[i];
      if (text(heading) && text(slug)) sections.push({ heading, slug });
    });
  }
  return {
    id: r.id,
    path: r.path,
    type,
    title: r.title,
    subtitle: typeof r.subtitle === 'string' ? r.subtitle : null,
    description: typeof r.description === 'string' ? r.description : null,
    sections,
  };
}

/**
 * Reciprocal rank fusion's constant: a result at rank r of a source scores 1 / (DOCS_FUSION_K + r). Small, because
 * each source answers at most ten results and its first ones matter most (issue 22, measured in bench/docs-search on
 * the stored answers of both sources, recall@5 / MRR merged: K = 10 gave 0.882 / 0.764 on the tuning set and
 * 0.333 / 0.324 held out; K = 3 gives 0.922 / 0.768 and 0.4 / 0.326 — both sets better, no weight per source).
 */
export const DOCS_FUSION_K = 3;

/**
 * The one merge of the two sources' answers (spec B5: merged, de-duplicated by id), used by the console's search
 * machine and by the bench that measures it: reciprocal rank fusion — a result found by both sources rises above one
 * found by a single source at the same rank. Ties keep the order of the lists as given (the first list first), so a
 * single source's answer keeps its own order.
 */
export function fuseDocsResults<T extends { id: string }>(lists: readonly (readonly T[])[]): T[] {
  const scores = new Map<string, { item: T; score: number; order: number }>();
  let order = 0;
  const longest = Math.max(0, ...lists.map((l) => l.length));
  for (let rank = 0; rank < longest; rank++) {
    for (const list of lists) {
      const item = list[rank];
      if (!item) continue;
      const seen = list.findIndex((other) => other.id === item.id);
      if (seen !== rank) continue; // a repeated id within one list counts once, at its best rank
      const entry = scores.get(item.id) ?? { item, score: 0, order: order++ };
      entry.score += 1 / (DOCS_FUSION_K + rank + 1);
      scores.set(item.id, entry);
    }
  }
  return [...scores.values()].sort((a, b) => b.score - a.score || a.order - b.order).map((e) => e.item);
}

/** Where a result opens: the docs page at its first section (docs are served by the platform, outside /dashboard). */
export function docsResultHref(result: Pick<DocsSearchResult, 'path' | 'sections'>): string {
  const slug = result.sections[0]?.slug;
  return slug ? `${result.path}#${slug}` : result.path;
}

/** A docs address carrying the console's organization and project, which the docs remember (spec A1). */
export function docsHrefWithContext(href: string, context: { orgSlug?: string | undefined; ref?: string | undefined }): string {
  const [path, hash] = href.split('#');
  const params = new URLSearchParams();
  if (context.orgSlug) params.set('org', context.orgSlug);
  if (context.ref) params.set('project', context.ref);
  const search = params.toString();
  return `${path}${search ? `?${search}` : ''}${hash ? `#${hash}` : ''}`;
}
