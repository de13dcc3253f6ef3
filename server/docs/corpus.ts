// Strata's documentation (docs/*.md, issue 22): pages split into sections by heading, the unit that the docs
// search indexes and links to (spec B2.6: results carry section links {heading, slug}).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const DOCS_DIR = fileURLToPath(new URL('../../docs/', import.meta.url));

/** Navigation order of the pages; each is docs/<slug>.md. */
export const DOCS_PAGES = ['index', 'console', 'data-api', 'auth', 'storage', 'self-hosting', 'security', 'troubleshooting'] as const;

/**
 * The docs search index's recipe: part of the corpus hash, so a platform whose stored index was built by an earlier
 * recipe rebuilds it (v2: semantic vectors over paragraph chunks, issue 22).
 */
export const DOCS_INDEX_RECIPE = 'docs-index-v2';

export interface DocsSection {
  /** `${page}#${slug}`; the page's introduction has the slug of its title. */
  id: string;
  page: string;
  pageTitle: string;
  heading: string;
  slug: string;
  /** 1 for the page title (introduction), 2 and 3 for sections. */
  level: number;
  /** Headings above this one on the page (for weight B in the full-text index). */
  parents: string[];
  /** Markdown text of the section, code included. */
  body: string;
}

export interface DocsPage {
  slug: string;
  title: string;
  markdown: string;
}

export interface DocsCorpus {
  pages: DocsPage[];
  sections: DocsSection[];
  /** Hash of every page's text and the index recipe: the index is rebuilt when it changes. */
  hash: string;
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-');
}

const HEADING = /^(#{1,3})\s+(.+?)\s*$/;

export function splitSections(page: string, markdown: string): { title: string; sections: DocsSection[] } {
  const sections: DocsSection[] = [];
  let title = page;
  let current: DocsSection | null = null;
  const stack: string[] = [];
  let inFence = false;
  const used = new Set<string>();
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) inFence = !inFence;
    const match = inFence ? null : HEADING.exec(line);
    if (match) {
      const level = match[1]!.length;
      const heading = match[2]!;
      if (level === 1) title = heading;
      let slug = slugify(heading);
      for (let n = 1; used.has(slug); n++) slug = `${slugify(heading)}-${n}`;
      used.add(slug);
      stack.length = Math.max(0, level - 1);
      current = { id: `${page}#${slug}`, page, pageTitle: title, heading, slug, level, parents: stack.filter(Boolean), body: '' };
      stack[level - 1] = heading;
      sections.push(current);
      continue;
    }
    if (current) current.body += `${line}\n`;
  }
  for (const section of sections) section.pageTitle = title;
  return { title, sections };
}

export function loadCorpus(dir: string = DOCS_DIR): DocsCorpus {
  const hash = createHash('sha256');
  hash.update(`${DOCS_INDEX_RECIPE}\n`);
  const pages: DocsPage[] = [];
  const sections: DocsSection[] = [];
  for (const slug of DOCS_PAGES) {
    const markdown = readFileSync(`${dir}${slug}.md`, 'utf8');
    hash.update(`${slug}\n${markdown}\n`);
    const split = splitSections(slug, markdown);
    pages.push({ slug, title: split.title, markdown });
    sections.push(...split.sections);
  }
  return { pages, sections, hash: hash.digest('hex') };
}

let cached: DocsCorpus | null = null;
/** The corpus read once per process (the docs ship with the build). */
export function docsCorpus(): DocsCorpus {
  cached ??= loadCorpus();
  return cached;
}
