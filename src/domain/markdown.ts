// A Markdown subset parsed to a tree (issue 21: notification messages), never to HTML. The console renders the
// tree as React elements (src/ui/Markdown.tsx), so text is always text: raw HTML in the source stays visible
// characters, and the only attribute taken from the source is a link's href, kept only when isSafeHref allows it.
// Subset: paragraphs (blank line), hard line breaks inside them, '-'/'*'/'1.' lists, `code`, **strong**, *em*
// (not _em_: names hold underscores), [label](href) (one level of parentheses in href), backslash escapes.

export type MdInline =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'break' }
  | { type: 'strong'; children: MdInline[] }
  | { type: 'em'; children: MdInline[] }
  | { type: 'link'; href: string; children: MdInline[] };

export type MdBlock =
  | { type: 'paragraph'; children: MdInline[] }
  | { type: 'list'; ordered: boolean; items: MdInline[][] };

/**
 * Link targets a message may use: http(s) URLs and paths of this site. Everything else (javascript:, data:,
 * vbscript:, protocol-relative '//host' or '/\host', anything with blanks or control characters) is refused and the
 * link shows as its label.
 */
export function isSafeHref(href: string): boolean {
  if (/[\s\u0000-\u001f\u007f\\]/.test(href)) return false;
  if (/^https?:\/\/[^/?#]+/i.test(href)) return true;
  return /^(\/(?!\/)|#|\.\/|\?)/.test(href) || href === '/';
}

const ESCAPABLE = /[\\`*_[\]()<>#!|~{}.+-]/;

function pushText(out: MdInline[], text: string): void {
  if (!text) return;
  const last = out.at(-1);
  if (last?.type === 'text') last.text += text;
  else out.push({ type: 'text', text });
}

/** Index of the closing delimiter `delim` from `from`, skipping escapes; -1 when there is none. */
function findClosing(text: string, delim: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') {
      i++;
      continue;
    }
    if (text.startsWith(delim, i)) return i;
  }
  return -1;
}

export function parseInline(text: string, depth = 0): MdInline[] {
  const out: MdInline[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length && ESCAPABLE.test(text[i + 1]!)) {
      pushText(out, text[i + 1]!);
      i += 2;
      continue;
    }
    if (c === '\n') {
      out.push({ type: 'break' });
      i++;
      continue;
    }
    if (c === '`') {
      const end = text.indexOf('`', i + 1);
      if (end > i + 1) {
        out.push({ type: 'code', text: text.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    if (depth < 4 && text.startsWith('**', i)) {
      const end = findClosing(text, '**', i + 2);
      if (end > i + 2) {
        out.push({ type: 'strong', children: parseInline(text.slice(i + 2, end), depth + 1) });
        i = end + 2;
        continue;
      }
    }
    if (depth < 4 && c === '*' && text[i + 1] !== c && text[i + 1] !== ' ') {
      const end = findClosing(text, c, i + 1);
      if (end > i + 1) {
        out.push({ type: 'em', children: parseInline(text.slice(i + 1, end), depth + 1) });
        i = end + 1;
        continue;
      }
    }
    if (depth < 4 && c === '[') {
      const close = findClosing(text, ']', i + 1);
      const target = close > i && text[close + 1] === '(' ? /^\(([^()\s]*(?:\([^()\s]*\)[^()\s]*)*)\)/.exec(text.slice(close + 1)) : null;
      if (target) {
        const children = parseInline(text.slice(i + 1, close), depth + 1);
        const href = target[1]!;
        if (isSafeHref(href)) out.push({ type: 'link', href, children });
        else
          for (const child of children) {
            if (child.type === 'text') pushText(out, child.text);
            else out.push(child);
          }
        i = close + 1 + target[0].length;
        continue;
      }
    }
    pushText(out, c);
    i++;
  }
  return out;
}

/** Parses a message. Lines are joined into paragraphs; a blank line ends one; list items start with '-', '*' or 'N.'. */
export function parseMarkdown(source: string): MdBlock[] {
  const blocks: MdBlock[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', children: parseInline(paragraph.join('\n')) });
    paragraph = [];
    if (list) blocks.push({ type: 'list', ordered: list.ordered, items: list.items.map((item) => parseInline(item)) });
    list = null;
  };
  for (const line of source.replace(/\r\n?/g, '\n').split('\n')) {
    const item = /^\s*([-*]|\d{1,9}\.)\s+(.*)$/.exec(line);
    if (item) {
      const ordered = /\d/.test(item[1]!);
      if (paragraph.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
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
  return blocks;
}

/** The plain text of a tree (what a screen reader or a search sees). */
export function inlineText(nodes: MdInline[]): string {
  return nodes
    .map((n) => (n.type === 'text' || n.type === 'code' ? n.text : n.type === 'break' ? '\n' : inlineText(n.children)))
    .join('');
}
