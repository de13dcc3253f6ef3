// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../ui/toast.ts';
import { collectDroppedItems } from './dropped-items.ts';

// Fake FileSystemEntry trees, as Chromium hands them to a drop handler.
function fileEntry(fullPath: string, content = 'x', type = '') {
  const name = fullPath.slice(fullPath.lastIndexOf('/') + 1);
  return {
    isFile: true,
    isDirectory: false,
    name,
    fullPath,
    file: (ok: (f: File) => void) => setTimeout(() => ok(new File([content], name, { type })), 0),
  };
}
function brokenEntry(fullPath: string) {
  return { ...fileEntry(fullPath), file: (_ok: unknown, fail: (e: Error) => void) => fail(new Error('gone')) };
}
function dirEntry(fullPath: string, children: unknown[], batch = 2) {
  return {
    isFile: false,
    isDirectory: true,
    name: fullPath.slice(fullPath.lastIndexOf('/') + 1),
    fullPath,
    createReader: () => {
      let offset = 0;
      return {
        readEntries: (ok: (entries: unknown[]) => void) =>
          setTimeout(() => {
            ok(children.slice(offset, offset + batch));
            offset += batch;
          }, 0),
      };
    },
  };
}
function transfer(entries: unknown[], files: File[] = []) {
  const items = entries.map((entry) => ({ kind: 'file', webkitGetAsEntry: vi.fn(() => entry) }));
  return { transfer: { items, files } as unknown as DataTransfer, items };
}

afterEach(() => vi.restoreAllMocks());

describe('collectDroppedItems', () => {
  it('walks folders in batches until an empty one, skips .DS_Store and #/ paths, types files by extension', async () => {
    const info = vi.spyOn(toast, 'info');
    const dismiss = vi.spyOn(toast, 'dismiss');
    const photos = dirEntry('/photos', [
      fileEntry('/photos/a.png'),
      fileEntry('/photos/.DS_Store'),
      fileEntry('/photos/b.jpg', 'y', 'image/jpeg'),
      dirEntry('/photos/2024', [fileEntry('/photos/2024/c.pdf'), brokenEntry('/photos/2024/gone.txt')]),
      dirEntry('/photos/odd#', [fileEntry('/photos/odd#/skip.png')]),
      fileEntry('/photos/notes'),
    ]);
    const { transfer: dt, items } = transfer([fileEntry('/top.txt'), photos]);
    const promise = collectDroppedItems(dt);
    // Entries are taken before the first await (the DataTransfer dies with the event).
    expect(items.every((item) => item.webkitGetAsEntry.mock.calls.length === 1)).toBe(true);
    const collected = await promise;
    expect(collected.map((e) => [e.relativePath, e.file.name, e.file.type])).toEqual([
      ['', 'top.txt', 'text/plain'],
      ['photos/a.png', 'a.png', 'image/png'],
      ['photos/b.jpg', 'b.jpg', 'image/jpeg'],
      ['photos/2024/c.pdf', 'c.pdf', 'application/pdf'],
      ['photos/notes', 'notes', 'application/octet-stream'],
    ]);
    expect(info).toHaveBeenCalledWith('Retrieving items to upload...', { timeout: null });
    expect(dismiss).toHaveBeenCalledWith(info.mock.results[0]!.value);
  });

  it('shows no retrieving toast for plain files, and reads more than one batch of a big folder', async () => {
    const info = vi.spyOn(toast, 'info');
    const flat = await collectDroppedItems(transfer([fileEntry('/a.txt'), fileEntry('/b.txt')]).transfer);
    expect(flat.map((e) => e.file.name)).toEqual(['a.txt', 'b.txt']);
    expect(info).not.toHaveBeenCalled();
    const many = Array.from({ length: 250 }, (_, i) => fileEntry(`/big/f${i}.txt`));
    const big = await collectDroppedItems(transfer([dirEntry('/big', many, 100)]).transfer);
    expect(big).toHaveLength(250);
  });

  it('falls back to the file list without the entry API', async () => {
    const files = [new File(['a'], 'a.csv'), new File(['b'], '.DS_Store')];
    const dt = { items: [{ kind: 'file' }], files } as unknown as DataTransfer;
    const collected = await collectDroppedItems(dt);
    expect(collected.map((e) => [e.relativePath, e.file.name, e.file.type])).toEqual([['', 'a.csv', 'text/csv']]);
  });
});
