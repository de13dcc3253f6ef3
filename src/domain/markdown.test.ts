import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inlineText, isSafeHref, parseInline, parseMarkdown, type MdBlock, type MdInline } from './markdown.ts';

function links(nodes: MdInline[]): string[] {
  return nodes.flatMap((n) => (n.type === 'link' ? [n.href, ...links(n.children)] : 'children' in n ? links(n.children) : []));
}
const blockLinks = (blocks: MdBlock[]) => blocks.flatMap((b) => (b.type === 'paragraph' ? links(b.children) : b.items.flatMap(links)));

describe('markdown subset (issue 21)', () => {
  it('parses paragraphs, emphasis, code, links, lists and escapes', () => {
    expect(parseMarkdown('**Shop** is *paused*: `select 1`\n\n- a\n- [docs](https://example.com/x)\n\n1. one')).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'strong', children: [{ type: 'text', text: 'Shop' }] },
          { type: 'text', text: ' is ' },
          { type: 'em', children: [{ type: 'text', text: 'paused' }] },
          { type: 'text', text: ': ' },
          { type: 'code', text: 'select 1' },
        ],
      },
      {
        type: 'list',
        ordered: false,
        items: [[{ type: 'text', text: 'a' }], [{ type: 'link', href: 'https://example.com/x', children: [{ type: 'text', text: 'docs' }] }]],
      },
      { type: 'list', ordered: true, items: [[{ type: 'text', text: 'one' }]] },
    ]);
    expect(parseInline('\\*not em\\* \\[x\\](y)')).toEqual([{ type: 'text', text: '*not em* [x](y)' }]);
    expect(parseInline('a\nb')).toEqual([{ type: 'text', text: 'a' }, { type: 'break' }, { type: 'text', text: 'b' }]);
  });

  it('keeps raw HTML as text and drops unsafe link targets, keeping the label', () => {
    expect(parseInline('<script>alert(1)</script>')).toEqual([{ type: 'text', text: '<script>alert(1)</script>' }]);
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', 'vbscript:x', '//evil.example', '/\\evil.example', 'java%0ascript:x', 'mailto:a@b']) {
      expect(parseInline(`[click](${href})`), href).toEqual([{ type: 'text', text: 'click' }]);
    }
    for (const href of ['https://example.com', 'http://a.b/c?d#e', '/project/abc', '#top', './x', '?a=1']) {
      expect(isSafeHref(href), href).toBe(true);
    }
  });

  it('property: every link in any parsed input has a safe http(s) or site-relative target', () => {
    const piece = fc.oneof(
      fc.string(),
      fc.constantFrom('[', ']', '(', ')', '*', '**', '`', '\\', '\n', '\n\n', '- ', ' javascript:', 'data:', '//', '/\\', '<script>', '"', "'"),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        for (const href of blockLinks(parseMarkdown(pieces.join('')))) {
          expect(isSafeHref(href)).toBe(true);
          expect(href).toMatch(/^(https?:\/\/[^\s/\\?#]|\/(?![/\\])|#|\.\/|\?)|^\/$/i);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('property: plain text without markup characters comes back unchanged', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-zA-Z0-9 ,:;'"<>/=&]{1,40}$/), (text) => {
        const trimmed = text.trim();
        fc.pre(trimmed.length > 0 && !/^\d+\.\s/.test(trimmed));
        expect(inlineText((parseMarkdown(text)[0] as Extract<MdBlock, { type: 'paragraph' }>).children)).toBe(trimmed);
      }),
    );
  });
});
