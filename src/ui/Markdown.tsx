// Renders the Markdown subset of src/domain/markdown.ts as React elements (issue 21). No HTML string is ever
// built or injected: text nodes are React text, and the one attribute from the source, a link's href, passed
// isSafeHref in the parser. External links open in a new tab without an opener.
import { Fragment, type ReactNode } from 'react';
import { parseMarkdown, type MdInline } from '../domain/markdown.ts';

export interface MarkdownProps {
  source: string;
  className?: string;
  /** Turns a site path into the href to render (e.g. prefixing the console's base path). */
  resolveHref?: (href: string) => string;
}

function inline(nodes: MdInline[], resolve: (href: string) => string): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return <Fragment key={index}>{node.text}</Fragment>;
      case 'code':
        return <code key={index}>{node.text}</code>;
      case 'break':
        return <br key={index} />;
      case 'strong':
        return <strong key={index}>{inline(node.children, resolve)}</strong>;
      case 'em':
        return <em key={index}>{inline(node.children, resolve)}</em>;
      case 'link': {
        const external = /^https?:/i.test(node.href);
        return (
          <a
            key={index}
            href={external ? node.href : resolve(node.href)}
            {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {inline(node.children, resolve)}
          </a>
        );
      }
    }
  });
}

export function Markdown({ source, className, resolveHref = (href) => href }: MarkdownProps) {
  return (
    <div className={className}>
      {parseMarkdown(source).map((block, index) =>
        block.type === 'paragraph' ? (
          <p key={index}>{inline(block.children, resolveHref)}</p>
        ) : block.ordered ? (
          <ol key={index}>{block.items.map((item, i) => <li key={i}>{inline(item, resolveHref)}</li>)}</ol>
        ) : (
          <ul key={index}>{block.items.map((item, i) => <li key={i}>{inline(item, resolveHref)}</li>)}</ul>
        ),
      )}
    </div>
  );
}
