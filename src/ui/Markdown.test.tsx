// @vitest-environment jsdom
import './testing/jsdom.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { render } from '@testing-library/react';
import { Markdown } from './Markdown.tsx';

describe('Markdown (issue 21: notification messages never run script)', () => {
  it('renders script, event handlers and javascript: links as inert text', () => {
    const { container } = render(
      <Markdown source={'<script>window.__pwned = 1</script> <img src=x onerror="window.__pwned=2"> [go](javascript:window.__pwned=3) [ok](/project/[ref])'} resolveHref={(h) => `/dashboard${h}`} />,
    );
    expect(container.querySelector('script, img, [onerror]')).toBeNull();
    const anchors = [...container.querySelectorAll('a')];
    expect(anchors.map((a) => a.getAttribute('href'))).toEqual(['/dashboard/project/[ref]']);
    expect(container.textContent).toContain('<script>window.__pwned = 1</script>');
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('external links open without an opener; site links are resolved', () => {
    const { container } = render(<Markdown source={'[a](https://example.com) [b](/org/x)'} resolveHref={(h) => `/dashboard${h}`} />);
    const [a, b] = [...container.querySelectorAll('a')];
    expect(a).toMatchObject({ target: '_blank', rel: 'noopener noreferrer' });
    expect(a!.getAttribute('href')).toBe('https://example.com');
    expect(b!.getAttribute('href')).toBe('/dashboard/org/x');
  });

  it('property: the markup of any input has no element but p/ul/ol/li/strong/em/code/br/a/div and no unsafe href', () => {
    const piece = fc.oneof(fc.string(), fc.constantFrom('<', '>', '[x](', ')', 'javascript:', '<script>', '<a href="javascript:x">', '**', '`', '\n', '- ', '&', '"'));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 25 }), (pieces) => {
        const html = renderToStaticMarkup(<Markdown source={pieces.join('')} />);
        for (const tag of html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)/g)) expect(['p', 'ul', 'ol', 'li', 'strong', 'em', 'code', 'br', 'a', 'div']).toContain(tag[1]);
        for (const href of html.matchAll(/href="([^"]*)"/g)) expect(href[1]).toMatch(/^(https?:\/\/|\/(?!\/)|#|\.\/|\?)/);
        expect(html).not.toMatch(/<a [^>]*on\w+=/);
      }),
      { numRuns: 300 },
    );
  });
});
