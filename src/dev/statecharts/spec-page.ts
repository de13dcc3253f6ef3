// The spec beside a chart (issue 26): the dev server renders a spec file as HTML so the viewer's links
// (`…/spec/1-console-shell.md#A4.1`) land on the section. Headings get the ids stately.json's section names use:
// the file's letter (A§ console shell, B§ data tools, C§ constants) and the heading's number ("### 4.1 Project
// status" in the A file → id "A4.1"). The markdown is the spec's own small subset (headings, lists, tables, bold,
// inline code, code fences); every piece of text is escaped and no raw HTML passes through, so a spec file can
// never inject markup into the viewer's origin.

export const SPEC_FILES: Record<string, string> = { A: '1-console-shell.md', B: '2-data-tools.md', C: '3-constants.md' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Inline markup on already-escaped text: `code` first (its content stays literal), then **bold**. */
function inline(text: string): string {
  return text
    .split('`')
    .map((part, index) => (index % 2 ? `<code>${escapeHtml(part)}</code>` : escapeHtml(part).replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')))
    .join('');
}

/** The section id of a heading of the file with `letter`: "4.1 Project status" → "A4.1"; none for unnumbered ones. */
export function sectionId(letter: string, heading: string): string | undefined {
  const number = /^(\d+(?:\.\d+)*)\.?\s/.exec(heading)?.[1];
  return number ? `${letter}${number}` : undefined;
}

export function renderSpecMarkdown(markdown: string, letter: string): string {
  const out: string[] = [];
  const lists: Array<{ indent: number; tag: 'ul' | 'ol' }> = [];
  let inTable = false;
  let inCode = false;
  const closeLists = (toIndent = -1) => {
    while (lists.length && (lists.at(-1)?.indent ?? 0) > toIndent) out.push(`</${lists.pop()?.tag ?? 'ul'}>`);
  };
  const closeTable = () => {
    if (inTable) out.push('</table>');
    inTable = false;
  };
  for (const line of markdown.split(/\r?\n/)) {
    if (line.startsWith('```')) {
      closeLists();
      closeTable();
      out.push(inCode ? '</code></pre>' : '<pre><code>');
      inCode = !inCode;
      continue;
    }
    if (inCode) {
      out.push(`${escapeHtml(line)}\n`);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      closeLists();
      closeTable();
      const level = heading[1]?.length ?? 1;
      const text = heading[2] ?? '';
      const id = sectionId(letter, text);
      out.push(`<h${level}${id ? ` id="${escapeHtml(id)}"` : ''}>${inline(text)}</h${level}>`);
      continue;
    }
    const item = /^(\s*)([-*]|\d+\.)\s+(.*)$/.exec(line);
    if (item) {
      closeTable();
      const indent = item[1]?.length ?? 0;
      const tag = item[2]?.endsWith('.') ? 'ol' : 'ul';
      closeLists(indent);
      if ((lists.at(-1)?.indent ?? -1) < indent) {
        lists.push({ indent, tag });
        out.push(`<${tag}>`);
      }
      out.push(`<li>${inline(item[3] ?? '')}</li>`);
      continue;
    }
    if (line.trimStart().startsWith('|')) {
      closeLists();
      const cells = line.trim().replace(/^\||\|$/g, '').split('|').map((cell) => cell.trim());
      if (cells.every((cell) => /^:?-+:?$/.test(cell))) continue; // the header separator row
      out.push(`${inTable ? '' : '<table>'}<tr>${cells.map((cell) => `<td>${inline(cell)}</td>`).join('')}</tr>`);
      inTable = true;
      continue;
    }
    closeLists();
    closeTable();
    if (line.trim()) out.push(`<p>${inline(line)}</p>`);
  }
  closeLists();
  closeTable();
  if (inCode) out.push('</code></pre>');
  return out.join('\n');
}

/** A whole page for one spec file; `file` is one of SPEC_FILES' names. */
export function specPageHtml(file: string, markdown: string): string {
  const letter = Object.entries(SPEC_FILES).find(([, name]) => name === file)?.[0] ?? '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(`Spec ${letter}§ · ${file}`)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:900px;margin:0 auto;padding:16px 24px;color:#111827}
:target{background:#fef3c7;scroll-margin-top:8px}
code{font:13px ui-monospace,monospace;background:#f3f4f6;padding:0 3px}
pre{background:#f3f4f6;padding:8px;overflow:auto}
table{border-collapse:collapse}td{border:1px solid #e5e7eb;padding:2px 6px;vertical-align:top}
</style>
</head>
<body>
${renderSpecMarkdown(markdown, letter)}
</body>
</html>`;
}

/** The page the link opens when the spec folder is absent (a fresh clone without ../shared). */
export function specMissingHtml(file: string, dir: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Spec not available</title></head>
<body style="font:15px system-ui,sans-serif;padding:24px">
<h1>Spec not available</h1>
<p>${escapeHtml(`The spec file ${file} is not in ${dir}. Put the spec folder there, or point STRATA_SPEC_DIR at it.`)}</p>
</body></html>`;
}
