// The HTML of a docs page (issue 22): navigation, the rendered Markdown with anchored headings, an outline, light
// and dark colours from the reader's system preference. No script: the page works without JavaScript.
import type { DocsCorpus, DocsPage } from './corpus.ts';
import { escapeHtml, renderMarkdown } from './markdown.ts';
import type { DocsContext } from './routes.ts';

const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1c1c1c;--muted:#545454;--line:#dedede;--accent:#0b6b47;--code:#f4f4f4;--k:#7a2e9e;--s:#0b6b47;--c:#6b6b6b}
@media (prefers-color-scheme:dark){:root{--bg:#161616;--fg:#ededed;--muted:#b4b4b4;--line:#333;--accent:#4ed19a;--code:#222;--k:#d7a6f2;--s:#7ee2b8;--c:#a0a0a0}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.6 system-ui,-apple-system,Segoe UI,sans-serif}
a{color:var(--accent)}header{display:flex;gap:16px;align-items:center;padding:12px 24px;border-bottom:1px solid var(--line)}
header .brand{font-weight:600;color:var(--fg);text-decoration:none}header .context{color:var(--muted);font-size:14px;margin-left:auto}
.layout{display:grid;grid-template-columns:220px minmax(0,1fr) 220px;gap:32px;max-width:1280px;margin:0 auto;padding:24px}
nav ul{list-style:none;margin:0;padding:0}nav li a{display:block;padding:4px 8px;border-radius:4px;text-decoration:none;color:var(--fg)}
nav li a[aria-current=page]{background:var(--code);font-weight:600}.toc a{color:var(--muted);text-decoration:none;font-size:14px}.toc .l3{padding-left:12px}
main{min-width:0}h1{font-size:32px;line-height:1.2}h2{margin-top:40px;border-top:1px solid var(--line);padding-top:24px}
h2 a.anchor,h3 a.anchor{color:inherit;text-decoration:none}h2 a.anchor:hover::after,h3 a.anchor:hover::after{content:" #";color:var(--muted)}
:target{scroll-margin-top:16px}code{background:var(--code);padding:1px 4px;border-radius:4px;font-size:.9em}
.code{position:relative;margin:16px 0}.code-lang{position:absolute;right:8px;top:4px;font-size:12px;color:var(--muted)}
pre{background:var(--code);padding:16px;border-radius:6px;overflow-x:auto;border:1px solid var(--line)}pre code{background:none;padding:0}
.tok-k{color:var(--k)}.tok-s{color:var(--s)}.tok-c{color:var(--c);font-style:italic}
.table{overflow-x:auto}table{border-collapse:collapse;width:100%}th,td{border:1px solid var(--line);padding:6px 10px;text-align:left;vertical-align:top}
@media (max-width:900px){.layout{grid-template-columns:1fr}.toc{display:none}}
`;

function contextLine(context: DocsContext): string {
  if (!context.project && !context.org) return '';
  const parts: string[] = [];
  if (context.org) parts.push(`Organization <strong>${escapeHtml(context.org)}</strong>`);
  if (context.project) parts.push(`Project <a href="/dashboard/project/${encodeURIComponent(context.project)}">${escapeHtml(context.project)}</a>`);
  if (context.branch) parts.push(`Branch <strong>${escapeHtml(context.branch)}</strong>`);
  return `<p class="context" data-testid="docs-context">${parts.join(' · ')}</p>`;
}

export function renderDocsPage(corpus: DocsCorpus, page: DocsPage | null, context: DocsContext): string {
  const rendered = page ? renderMarkdown(page.markdown) : { html: '<h1 id="not-found">Page not found</h1><p>There is no docs page at this address. Choose a page from the list.</p>', toc: [] };
  const title = page ? page.title : 'Page not found';
  const nav = corpus.pages
    .map((p) => `<li><a href="/docs/${p.slug === 'index' ? '' : p.slug}"${p === page ? ' aria-current="page"' : ''}>${escapeHtml(p.title)}</a></li>`)
    .join('');
  const toc = rendered.toc
    .filter((t) => t.level === 2 || t.level === 3)
    .map((t) => `<li class="l${t.level}"><a href="#${t.slug}">${escapeHtml(t.heading)}</a></li>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · Strata docs</title><style>${STYLE}</style></head>
<body><header><a class="brand" href="/docs/">Strata docs</a><a href="/dashboard/">Open the console</a>${contextLine(context)}</header>
<div class="layout"><nav aria-label="Documentation"><ul>${nav}</ul></nav>
<main id="content">${rendered.html}</main>
<aside class="toc" aria-label="On this page">${toc ? `<p><strong>On this page</strong></p><ul>${toc}</ul>` : ''}</aside></div>
</body></html>`;
}
