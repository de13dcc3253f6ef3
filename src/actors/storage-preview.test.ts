import { describe, expect, it, vi } from 'vitest';
import { fetchBytesCapped } from './storage-preview.ts';

// The PDF preview reads a file's bytes up to a cap (issue 14): never a whole large file into memory.
const respond = (body: BodyInit | null, init: ResponseInit = {}) => vi.fn(async () => new Response(body, init)) as unknown as typeof fetch;

describe('fetchBytesCapped', () => {
  it('reads a file under the cap whole', async () => {
    const bytes = await fetchBytesCapped('u', 10, undefined, respond(new Uint8Array([1, 2, 3])));
    expect([...bytes]).toEqual([1, 2, 3]);
  });

  it('refuses a file its Content-Length says is over the cap, without reading it', async () => {
    await expect(fetchBytesCapped('u', 10, undefined, respond(new Uint8Array(11), { headers: { 'content-length': '11' } }))).rejects.toThrow(
      /^This PDF is too large to preview \(11 bytes\)/,
    );
  });

  it('stops reading a file of undeclared size once it passes the cap', async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 100) controller.close();
        else controller.enqueue(new Uint8Array(4));
      },
    });
    await expect(fetchBytesCapped('u', 10, undefined, respond(stream))).rejects.toThrow(/^This PDF is too large to preview:/);
    expect(pulled).toBeLessThan(10);
  });

  it('says what the server answered when it is not the file', async () => {
    await expect(fetchBytesCapped('u', 10, undefined, respond('nope', { status: 400 }))).rejects.toThrow('The file could not be read (HTTP 400)');
  });
});

describe('thumbnail signer (issues 14, 15)', () => {
  it('gives a public bucket its public URLs, and signs a private bucket\'s paths in one request with one key', async () => {
    vi.resetModules();
    const createTemporaryApiKey = vi.fn(async () => 'service-key');
    vi.doMock('../api/uploads.ts', () => ({ createTemporaryApiKey, fetchProjectApiUrl: vi.fn(async () => 'http://127.0.0.1:1/p/ref') }));
    const requests: { url: string; body: unknown; apikey: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        const body = (await input.json()) as { paths: string[] };
        requests.push({ url: input.url, body, apikey: input.headers.get('apikey') });
        return Response.json(body.paths.map((path) => (path === 'gone.png' ? { path, signedURL: null, error: 'not found' } : { path, signedURL: `/object/sign/b/${path}?token=t-${path}`, error: null })));
      }),
    );
    try {
      const { createThumbnailSigner } = await import('./storage-preview.ts');
      const { thumbnailUrls } = createThumbnailSigner();
      expect(await thumbnailUrls({ ref: 'ref', bucketId: 'pub', isPublic: true, paths: ['a b.png', 'x/y.png'] })).toEqual({
        'a b.png': 'http://127.0.0.1:1/p/ref/storage/v1/object/public/pub/a%20b.png',
        'x/y.png': 'http://127.0.0.1:1/p/ref/storage/v1/object/public/pub/x/y.png',
      });
      expect(requests).toEqual([]);

      expect(await thumbnailUrls({ ref: 'ref', bucketId: 'b', isPublic: false, paths: ['a.png', 'gone.png'] })).toEqual({
        'a.png': 'http://127.0.0.1:1/p/ref/storage/v1/object/sign/b/a.png?token=t-a.png',
      });
      await thumbnailUrls({ ref: 'ref', bucketId: 'b', isPublic: false, paths: ['c.png'] });
      expect(requests).toEqual([
        { url: 'http://127.0.0.1:1/p/ref/storage/v1/object/sign/b', body: { expiresIn: 3600, paths: ['a.png', 'gone.png'] }, apikey: 'service-key' },
        { url: 'http://127.0.0.1:1/p/ref/storage/v1/object/sign/b', body: { expiresIn: 3600, paths: ['c.png'] }, apikey: 'service-key' },
      ]);
      // The temporary key is asked for once, not once a batch.
      expect(createTemporaryApiKey).toHaveBeenCalledTimes(1);
      await expect(thumbnailUrls({ ref: 'ref', bucketId: 'b', isPublic: false, paths: Array.from({ length: 201 }, (_, i) => `${i}.png`) })).rejects.toThrow(/At most 200/);
      // Another owner (another explorer: another user signed in on the page) keeps nothing of the first's: its own key.
      await createThumbnailSigner().thumbnailUrls({ ref: 'ref', bucketId: 'b', isPublic: false, paths: ['d.png'] });
      expect(createTemporaryApiKey).toHaveBeenCalledTimes(2);
    } finally {
      vi.unstubAllGlobals();
      vi.doUnmock('../api/uploads.ts');
    }
  });
});
