import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { userContentType } from '../../server/http/userContent.ts';
import {
  clampPage,
  hasThumbnail,
  nextThumbnailBatch,
  PDF_PAGE_HEIGHT,
  PDF_PAGE_WIDTH,
  PDF_PREVIEW_MAX_BYTES,
  pdfPageLayout,
  pdfPager,
  pdfTooLarge,
  pdfTooLargeMessage,
  pdfUnreadableMessage,
  previewFile,
  previewKind,
  signedThumbnailUrls,
  textPreview,
  TEXT_PREVIEW_BYTES,
  THUMBNAIL_BATCH_MAX,
  thumbnailKey,
  type ThumbnailItem,
} from './storage-preview.ts';

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

describe('PDF preview rules (issue 14)', () => {
  it('caps the size at 20 MB; an unknown size is read (and capped while reading)', () => {
    expect(PDF_PREVIEW_MAX_BYTES).toBe(20 * 1024 * 1024);
    expect(pdfTooLarge(PDF_PREVIEW_MAX_BYTES)).toBe(false);
    expect(pdfTooLarge(PDF_PREVIEW_MAX_BYTES + 1)).toBe(true);
    expect(pdfTooLarge(0)).toBe(false);
    expect(pdfTooLarge(null)).toBe(false);
    expect(pdfTooLargeMessage(25 * 1024 * 1024)).toBe('This PDF is too large to preview (25 MB): the preview reads files up to 20 MB. Download it to read it.');
    expect(pdfTooLargeMessage(null)).toBe('This PDF is too large to preview: the preview reads files up to 20 MB. Download it to read it.');
    expect(pdfUnreadableMessage('Invalid PDF structure')).toBe('This PDF could not be read: Invalid PDF structure');
    expect(pdfUnreadableMessage('  ')).toBe('This PDF could not be read: unknown error');
  });

  it('keeps the page within 1…N and says where it is', () => {
    expect(pdfPager(1, 2)).toEqual({ page: 1, label: 'Page 1 of 2', hasPrevious: false, hasNext: true });
    expect(pdfPager(2, 2)).toEqual({ page: 2, label: 'Page 2 of 2', hasPrevious: true, hasNext: false });
    expect(pdfPager(1, 1)).toEqual({ page: 1, label: 'Page 1 of 1', hasPrevious: false, hasNext: false });
    expect(pdfPager(9, 3).page).toBe(3);
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(Number.NaN, 5)).toBe(1);
    expect(clampPage(2.7, 5)).toBe(2);
    expect(clampPage(3, 0)).toBe(1);
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 50 }), fc.integer({ min: 0, max: 40 }), (page, count) => {
        const pager = pdfPager(page, count);
        const pages = Math.max(1, count);
        expect(pager.page).toBeGreaterThanOrEqual(1);
        expect(pager.page).toBeLessThanOrEqual(pages);
        expect(pager.hasPrevious).toBe(pager.page > 1);
        expect(pager.hasNext).toBe(pager.page < pages);
        // Pressing next then previous (when both may be pressed) comes back to the same page.
        if (pager.hasNext) expect(pdfPager(pdfPager(pager.page + 1, count).page - 1, count).page).toBe(pager.page);
      }),
    );
  });

  it('fits a page in the pane, sharp on dense screens, within a canvas browsers accept', () => {
    expect([PDF_PAGE_WIDTH, PDF_PAGE_HEIGHT]).toEqual([280, 360]);
    // A4 portrait (in points) on a 2× screen: as tall as the pane allows.
    const a4 = pdfPageLayout(595, 842, 2);
    expect(a4.cssHeight).toBe(360);
    expect(a4.cssWidth).toBe(Math.round(595 * (360 / 842)));
    expect(a4.scale).toBeCloseTo((360 / 842) * 2);
    // Landscape: as wide as the pane.
    expect(pdfPageLayout(842, 595, 1)).toMatchObject({ cssWidth: 280, cssHeight: Math.round(595 * (280 / 842)) });
    // A tiny page is not blown up more than twice.
    expect(pdfPageLayout(100, 100, 1)).toEqual({ cssWidth: 200, cssHeight: 200, scale: 2 });
    expect(pdfPageLayout(0, 100)).toEqual({ cssWidth: 0, cssHeight: 0, scale: 1 });
    fc.assert(
      fc.property(fc.double({ min: 1, max: 20_000, noNaN: true }), fc.double({ min: 1, max: 20_000, noNaN: true }), fc.double({ min: 0.5, max: 8, noNaN: true }), (w, h, ratio) => {
        const layout = pdfPageLayout(w, h, ratio);
        expect(layout.cssWidth).toBeLessThanOrEqual(PDF_PAGE_WIDTH);
        expect(layout.cssHeight).toBeLessThanOrEqual(PDF_PAGE_HEIGHT);
        expect(w * layout.scale * h * layout.scale).toBeLessThanOrEqual(16 * 1024 * 1024 * 1.0001);
      }),
    );
  });
});

describe('thumbnails (issue 14)', () => {
  const file = (path: string, mimetype: string | null, extra: Partial<ThumbnailItem> = {}): ThumbnailItem => ({
    path,
    type: 'FILE',
    status: 'READY',
    metadata: mimetype === null ? null : { mimetype },
    updated_at: '2024-01-01T00:00:00Z',
    ...extra,
  });

  it('shows one for ready image files only (not SVG, folders, or rows being worked on)', () => {
    expect(hasThumbnail(file('a.png', 'image/png'))).toBe(true);
    expect(hasThumbnail(file('a.jpg', 'image/jpeg; charset=x'))).toBe(true);
    expect(hasThumbnail(file('a.svg', 'image/svg+xml'))).toBe(false);
    expect(hasThumbnail(file('a.txt', 'text/plain'))).toBe(false);
    expect(hasThumbnail(file('a', null))).toBe(false);
    expect(hasThumbnail(file('dir', 'image/png', { type: 'FOLDER' }))).toBe(false);
    expect(hasThumbnail(file('a.png', 'image/png', { status: 'LOADING' }))).toBe(false);
  });

  it('batches the image files not yet known, in order, at most a page of them, each version once', () => {
    const items = [file('a.png', 'image/png'), file('b.txt', 'text/plain'), file('c.gif', 'image/gif'), file('a.png', 'image/png')];
    expect(nextThumbnailBatch(items, new Set()).map((i) => i.path)).toEqual(['a.png', 'c.gif']);
    expect(nextThumbnailBatch(items, new Set([thumbnailKey(items[0]!)])).map((i) => i.path)).toEqual(['c.gif']);
    // A re-uploaded file (a new updated_at) is a new version: signed again.
    expect(nextThumbnailBatch([file('a.png', 'image/png', { updated_at: 'later' })], new Set([thumbnailKey(items[0]!)])).map((i) => i.path)).toEqual(['a.png']);
    const page = Array.from({ length: 450 }, (_, i) => file(`img-${i}.png`, 'image/png'));
    expect(nextThumbnailBatch(page, new Set())).toHaveLength(THUMBNAIL_BATCH_MAX);
    // Three pages of images are signed in three batches.
    const known = new Set<string>();
    let batches = 0;
    for (let batch = nextThumbnailBatch(page, known); batch.length > 0; batch = nextThumbnailBatch(page, known)) {
      batches += 1;
      batch.forEach((item) => known.add(thumbnailKey(item)));
    }
    expect(batches).toBe(3);
  });

  it('builds absolute signed URLs from the batch answer, every segment encoded, errors left out', () => {
    const urls = signedThumbnailUrls('http://127.0.0.1:54321/p/ref/storage/v1/', 'my bucket', [
      { path: 'photos/a #1.png', signedURL: '/object/sign/my bucket/photos/a #1.png?token=abc.def', error: null },
      { path: 'gone.png', signedURL: null, error: 'Either the object does not exist or you do not have access to it' },
      { path: 'odd.png', signedURL: 'https://evil.example/x', error: null },
      { path: 'enc.png', signedURL: '/object/sign/b/enc.png?token=a%2Bb', error: null },
    ]);
    expect(urls).toEqual({
      'photos/a #1.png': 'http://127.0.0.1:54321/p/ref/storage/v1/object/sign/my%20bucket/photos/a%20%231.png?token=abc.def',
      'enc.png': 'http://127.0.0.1:54321/p/ref/storage/v1/object/sign/my%20bucket/enc.png?token=a%2Bb',
    });
  });
});
