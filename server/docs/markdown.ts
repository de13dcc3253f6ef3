// A small Markdown renderer for Strata's own docs (issue 22). No Markdown library is installed; the docs use a
// known subset (headings, paragraphs, lists, tables, fenced code, inline code, links, bold, italics). Every piece
// of text is HTML-escaped before markup is added, and link targets are limited to http(s), relative paths and
// anchors, so the output is safe by construction.
import { slugify } from './corpus.ts';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function safeHref(href: string): string | null {
  if (/^(https?:\/\/|\/|#|\.\/)/i.test(href) || /^[a-z0-9-]+(\.md)?(#[a-z0-9-]+)?$/i.test(href)) return href.replace(/\.md(?=#|$)/, '');
  return null;
}

export function renderInline(text: string): string {
  const parts = text.split(/(`[^`]+`)/);
  return parts
    .map((part) => {
      if (part.startsWith('`') && part.endsWith('`') && part.length > 1) return `<code>${escapeHtml(part.slice(1, -1))}</code>`;
      let html = escapeHtml(part);
      html = html.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_m, label: string, href: string) => {
        const safe = safeHref(href.replace(/&amp;/g, '&'));
        return safe ? `<a href="${escapeHtml(safe)}">${label}</a>` : label;
      });
      html = html.replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
      html = html.replace(/(^|[\s(])\*([^*\s][^*]*)\*/g, '$1<em>$2</em>');
      return html;
    })
    .join('');
}

const KEYWORDS: Record<string, RegExp> = {
  sql: /\b(create|table|alter|enable|row|level|security|policy|on|for|select|insert|update|delete|using|with|check|grant|all|to|references|default|primary|key|not|null|generated|by|as|identity|add|column|public|from|where|and|or)\b/gi,
  js: /\b(import|from|const|let|await|async|function|return|new|if|else|export)\b/g,
  sh: /\b(curl|psql|npm|export)\b/g,
};

/** Light-weight highlighting: comments, strings and keywords as spans (classes styled in the page's CSS). */
export function highlight(code: string, lang: string): string {
  const language = lang === 'ts' || lang === 'javascript' ? 'js' : lang === 'bash' ? 'sh' : lang;
  const keyword = KEYWORDS[language];
  const token = /(--[^\n]*|#[^\n]*|\/\/[^\n]*|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")/g;
  const comment = language === 'sql' ? /^--/ : language === 'sh' ? /^#/ : /^\/\//;
  let out = '';
  let last = 0;
  const plain = (text: string) => {
    const escaped = escapeHtml(text);
    return keyword ? escaped.replace(keyword, (k) => `<span class="tok-k">${k}</span>`) : escaped;
  };
  for (const match of code.matchAll(token)) {
    const piece = match[0];
    const isComment = /^(--|#|\/\/)/.test(piece);
    if (isComment && !comment.test(piece)) continue; // e.g. '#' inside a JS line, '//' in a URL
    out += plain(code.slice(last, match.index));
    out += `<span class="${isComment ? 'tok-c' : 'tok-s'}">${escapeHtml(piece)}</span>`;
    last = match.index! + piece.length;
  }
  return out + plain(code.slice(last));
}

export interface RenderedPage {
  html: string;
  toc: { level: number; heading: string; slug: string }[];
}

export function renderMarkdown(markdown: string): RenderedPage {
  const lines = markdown.split('\n');
  const html: string[] = [];
  const toc: RenderedPage['toc'] = [];
  const used = new Set<string>();
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length) html.push(`<p>${renderInline(paragraph.join(' '))}</p>`);
    paragraph = [];
    if (list) html.push(`<${list.ordered ? 'ol' : 'ul'}>${list.items.map((i) => `<li>${renderInline(i)}</li>`).join('')}</${list.ordered ? 'ol' : 'ul'}>`);
    list = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = /^```(\w*)\s*(runnable)?\s*$/.exec(line);
    if (fence) {
      flush();
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i]!.startsWith('```'); i++) code.push(lines[i]!);
      const lang = fence[1] || 'text';
      html.push(
        `<div class="code"><span class="code-lang">${escapeHtml(lang)}</span><pre tabindex="0"><code class="language-${escapeHtml(lang)}">${highlight(code.join('\n'), lang)}</code></pre></div>`,
      );
      continue;
    }
    const heading = /^(#{1,4})\s+(.+?)\s*$/.exec(line);
    if (heading) {
      flush();
      const level = heading[1]!.length;
      let slug = slugify(heading[2]!);
      for (let n = 1; used.has(slug); n++) slug = `${slugify(heading[2]!)}-${n}`;
      used.add(slug);
      toc.push({ level, heading: heading[2]!, slug });
      const inner = renderInline(heading[2]!);
      html.push(
        level === 1
          ? `<h1 id="${slug}">${inner}</h1>`
          : `<h${level} id="${slug}"><a class="anchor" href="#${slug}">${inner}</a></h${level}>`,
      );
      continue;
    }
    if (/^\|.*\|\s*$/.test(line)) {
      flush();
      const rows: string[][] = [];
      for (; i < lines.length && /^\|.*\|\s*$/.test(lines[i]!); i++) {
        const cells = lines[i]!.trim().slice(1, -1).split('|').map((c) => c.trim());
        if (cells.every((c) => /^:?-+:?$/.test(c))) continue;
        rows.push(cells);
      }
      i--;
      const [head, ...body] = rows;
      html.push(
        `<div class="table"><table><thead><tr>${(head ?? []).map((c) => `<th scope="col">${renderInline(c)}</th>`).join('')}</tr></thead><tbody>${body
          .map((r) => `<tr>${r.map((c) => `<td>${renderInline(c)}</td>`).join('')}</tr>`)
          .join('')}</tbody></table></div>`,
      );
      continue;
    }
    const item = /^\s*([-*]|\d+\.)\s+(.*)$/.exec(line);
    if (item) {
      if (paragraph.length) {
        html.push(`<p>${renderInline(paragraph.join(' '))}</p>`);
        paragraph = [];
      }
      const ordered = /\d/.test(item[1]!);
      if (!list || list.ordered !== ordered) {
        flush();
        list = { ordered, items: [] };
      }
      list.items.push(item[2]!);
      continue;
    }
    if (!line.trim()) {
      flush();
      continue;
    }
    if (list) flush();
    paragraph.push(line.trim());
  }
  flush();
  return { html: html.join('\n'), toc };
}
