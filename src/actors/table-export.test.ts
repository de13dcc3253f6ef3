// @vitest-environment jsdom
// The export effects (issue 14): the request they make, the download (a link, or a form for a link too long for a
// URL), and the text read for the clipboard — from the console's origin, refused past its size cap.
import { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPY_TOO_LARGE_MESSAGE, downloadTableCsv, downloadTableExport, fetchTableExportText } from './table-export.ts';

const exportRequest = vi.hoisted(() => vi.fn());
vi.mock('../api/table-editor-csv.ts', () => ({ requestTableExport: exportRequest }));

const fetchMock = vi.fn<typeof fetch>();
const target = { schema: 'public', table: 'people', filters: [], sorts: [{ column: 'id', ascending: true }] };
const shortLink = 'http://127.0.0.1:54321/exports/proj1?q=eyJ4IjoxfQ&token=1.abc';
const longLink = `http://127.0.0.1:54321/exports/proj1?q=${'A'.repeat(20_000)}&token=1.abc`;

// jsdom in a VM context (the unit-dom project runs on vmThreads) has no ReadableStream: Node's is the one its Response
// reads.
const ReadableStream = NodeReadableStream as unknown as typeof globalThis.ReadableStream;

/** A streamed body in these chunks, remembering whether the reader cancelled it. */
function streamed(chunks: Uint8Array[], init: ResponseInit = {}) {
  const state = { cancelled: false, pulled: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[state.pulled++];
      if (chunk) controller.enqueue(chunk);
      else controller.close();
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { response: new Response(body, { status: 200, ...init }), state };
}

beforeEach(() => {
  exportRequest.mockReset();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('fetchTableExportText', () => {
  it('asks for the format and keys, then reads the link from the console origin, whole characters across chunks', async () => {
    exportRequest.mockResolvedValue({ url: shortLink });
    const bytes = new TextEncoder().encode('[{"name":"é 🐘"}]');
    // Split inside the multibyte characters.
    const { response } = streamed([bytes.slice(0, 11), bytes.slice(11, 14), bytes.slice(14)]);
    fetchMock.mockResolvedValue(response);
    const keys = [{ id: 1 }, { id: 2 }];
    const text = await fetchTableExportText('proj1', { ...target, format: 'json', keys });
    expect(text).toBe('[{"name":"é 🐘"}]');
    expect(exportRequest).toHaveBeenCalledWith('proj1', { ...target, format: 'json', keys });
    const [address, init] = fetchMock.mock.calls[0]!;
    expect(String(address)).toBe(`${location.origin}/exports/proj1?q=eyJ4IjoxfQ&token=1.abc`);
    expect(init?.method).toBeUndefined();
  });

  it('sends no format for CSV (the links of before issue 14) and the role when there is one', async () => {
    exportRequest.mockResolvedValue({ url: shortLink });
    fetchMock.mockResolvedValue(new Response('id\n1\n'));
    const anon = { role: 'anon', claims: { role: 'anon' } };
    expect(await fetchTableExportText('proj1', { ...target, format: 'csv', impersonation: anon })).toBe('id\n1\n');
    expect(exportRequest).toHaveBeenCalledWith('proj1', { ...target, impersonation: anon });
  });

  it('refuses past the size cap and stops reading', async () => {
    exportRequest.mockResolvedValue({ url: shortLink });
    const chunk = new Uint8Array(400).fill(65);
    const { response, state } = streamed([chunk, chunk, chunk, chunk, chunk]);
    fetchMock.mockResolvedValue(response);
    await expect(fetchTableExportText('proj1', { ...target, format: 'sql' }, { maxBytes: 1000 })).rejects.toThrow(COPY_TOO_LARGE_MESSAGE);
    expect(COPY_TOO_LARGE_MESSAGE).toBe('Too many rows to copy: export them instead');
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(5);
    // Exactly the cap is fine.
    fetchMock.mockResolvedValue(streamed([chunk, new Uint8Array(600).fill(66)]).response);
    expect(await fetchTableExportText('proj1', { ...target, format: 'sql' }, { maxBytes: 1000 })).toHaveLength(1000);
    // A length announced past the cap is refused before reading.
    const announced = streamed([chunk], { headers: { 'content-length': '11000000' } });
    fetchMock.mockResolvedValue(announced.response);
    await expect(fetchTableExportText('proj1', { ...target, format: 'csv' })).rejects.toThrow(COPY_TOO_LARGE_MESSAGE);
    expect(announced.state.pulled).toBeLessThanOrEqual(1);
  });

  it('posts a link too long for a URL as a form to the same address', async () => {
    exportRequest.mockResolvedValue({ url: longLink });
    fetchMock.mockResolvedValue(new Response('[]'));
    expect(await fetchTableExportText('proj1', { ...target, format: 'json', keys: [{ id: 1 }] })).toBe('[]');
    const [address, init] = fetchMock.mock.calls[0]!;
    expect(String(address)).toBe(`${location.origin}/exports/proj1`);
    expect(init?.method).toBe('POST');
    const form = init?.body as URLSearchParams;
    expect(form.get('q')).toBe('A'.repeat(20_000));
    expect(form.get('token')).toBe('1.abc');
  });

  it("rejects with the platform's message", async () => {
    exportRequest.mockResolvedValue({ url: shortLink });
    fetchMock.mockResolvedValue(Response.json({ message: 'Table not found' }, { status: 404 }));
    await expect(fetchTableExportText('proj1', { ...target, format: 'json' })).rejects.toThrow('Table not found');
    fetchMock.mockResolvedValue(new Response('oops', { status: 502, statusText: 'Bad Gateway' }));
    await expect(fetchTableExportText('proj1', { ...target, format: 'json' })).rejects.toThrow('502 Bad Gateway');
  });
});

describe('downloadTableExport', () => {
  it('follows the link with the file name of the format', async () => {
    exportRequest.mockResolvedValue({ url: shortLink });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    await downloadTableExport('proj1', { ...target, format: 'sql' });
    expect(exportRequest).toHaveBeenLastCalledWith('proj1', { ...target, format: 'sql' });
    expect(clicked.map((link) => [link.href, link.download])).toEqual([[shortLink, 'people.sql']]);
    await downloadTableCsv('proj1', target);
    expect(exportRequest).toHaveBeenLastCalledWith('proj1', target);
    expect(clicked[1]!.download).toBe('people.csv');
    expect(document.querySelector('a')).toBeNull();
  });

  it('posts a form to the link address when the link is too long', async () => {
    exportRequest.mockResolvedValue({ url: longLink });
    const submitted: Array<{ action: string; method: string; fields: Record<string, string> }> = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push({ action: this.action, method: this.method, fields: Object.fromEntries(new FormData(this)) as Record<string, string> });
    });
    await downloadTableExport('proj1', { ...target, format: 'json', keys: [{ id: 1 }] });
    expect(submitted).toEqual([{ action: 'http://127.0.0.1:54321/exports/proj1', method: 'post', fields: { q: 'A'.repeat(20_000), token: '1.abc' } }]);
    expect(document.querySelector('form')).toBeNull();
  });
});
