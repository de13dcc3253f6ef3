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

/** spec B5 'Docs search': partial results of the same key merge with new ones, de-duplicated by id. */
export function mergeDocsResults(current: DocsSearchResult[], incoming: DocsSearchResult[]): DocsSearchResult[] {
  const seen = new Set(current.map((r) => r.id));
  return [...current, ...incoming.filter((r) => !seen.has(r.id) && (seen.add(r.id), true))];
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
