import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { userContentType } from '../../server/http/userContent.ts';
import { previewFile, previewKind, textPreview, TEXT_PREVIEW_BYTES } from './storage-preview.ts';

describe('previewKind (issue 14 preview pane)', () => {
  it.each([
    ['image/png', 'image'],
    ['IMAGE/JPEG; charset=x', 'image'],
    ['video/mp4', 'video'],
    ['audio/mpeg', 'audio'],
    ['text/plain; charset=utf-8', 'text'],
    ['application/pdf', 'pdf'],
    ['image/svg+xml', 'none'],
    ['text/html', 'none'],
    ['application/octet-stream', 'none'],
    [null, 'none'],
  ] as const)('%s → %s', (type, kind) => expect(previewKind(type)).toBe(kind));

  it('previews inline only what the platform serves inline (SECURITY.md user content): never an active type', () => {
    const types = fc.oneof(
      fc.constantFrom('image/png', 'image/svg+xml', 'text/html', 'text/plain', 'application/pdf', 'video/webm', 'audio/ogg', 'text/xml', 'application/javascript', 'image/png, text/html'),
      fc.tuple(fc.constantFrom('image', 'text', 'video', 'audio', 'application'), fc.stringMatching(/^[a-z0-9.+-]{1,10}$/)).map(([a, b]) => `${a}/${b}`),
    );
    fc.assert(
      fc.property(types, (type) => {
        const kind = previewKind(type);
        if (kind !== 'none' && kind !== 'pdf') expect(userContentType(type).inline).toBe(true);
      }),
    );
  });
});

describe('previewFile', () => {
  it('reads size, type and cache control from the metadata', () => {
    expect(previewFile({ path: 'a/b.png', name: 'b.png', metadata: { size: 12, mimetype: 'image/png', cacheControl: '3600' }, created_at: 'c', updated_at: 'u' })).toEqual({
      path: 'a/b.png', name: 'b.png', size: 12, mimetype: 'image/png', cacheControl: 'max-age=3600', created_at: 'c', updated_at: 'u',
    });
    expect(previewFile({ path: 'x', name: 'x', metadata: { cacheControl: 'no-cache', size: -1 }, created_at: null, updated_at: null })).toMatchObject({
      size: null, mimetype: null, cacheControl: 'no-cache',
    });
    expect(previewFile({ path: 'x', name: 'x', metadata: null, created_at: null, updated_at: null }).cacheControl).toBeNull();
  });
});

describe('textPreview', () => {
  it('shows a small file whole and cuts a large one on a whole character', () => {
    expect(textPreview(new TextEncoder().encode('héllo'), 6)).toEqual({ text: 'héllo', truncated: false });
    const big = new TextEncoder().encode(`${'a'.repeat(TEXT_PREVIEW_BYTES - 1)}é tail`);
    const { text, truncated } = textPreview(big, big.length);
    expect(truncated).toBe(true);
    expect(text).toBe('a'.repeat(TEXT_PREVIEW_BYTES - 1));
  });
});
