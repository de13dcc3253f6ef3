import { join, relative, sep } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUCKET_ID_PATTERN } from '../../src/api/schemas/storage.ts';
import { StorageError } from './errors.ts';
import { folderPrefix, objectFile, objectNameProblem } from './names.ts';
import { effectiveLimit, mimeAllowed, parseFileSize } from './rules.ts';

const FILES = '/srv/files';
const BUCKET_DIR = join(FILES, 'abcdefghijklmnopqrst', 'objects', 'bucket');

// Characters that make paths escape or break: separators, dots, NUL and controls, lone surrogates, percent signs.
const unit = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('.', '/', '..', '\\', '\u0000', '\n', '%2e', '%2F', '\ud800', 'é', '😀', ' ') },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 3 }) },
);
const nameArb = fc.array(unit, { maxLength: 12 }).map((parts) => parts.join(''));

describe('object names (fuzzed)', () => {
  it('either refuses a name with a 400 or maps it to a file strictly inside the bucket folder, unchanged', () => {
    fc.assert(
      fc.property(nameArb, (name) => {
        const problem = objectNameProblem(name);
        let file: string;
        try {
          file = objectFile(FILES, 'abcdefghijklmnopqrst', 'bucket', name);
        } catch (error) {
          expect(error).toBeInstanceOf(StorageError);
          expect((error as StorageError).status).toBe(400);
          expect(problem).not.toBeNull();
          return;
        }
        expect(problem).toBeNull();
        expect(file.startsWith(BUCKET_DIR + sep)).toBe(true);
        // No normalisation happened: the path below the bucket is the name itself.
        expect(relative(BUCKET_DIR, file).split(sep).join('/')).toBe(name);
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses the classic escapes', () => {
    for (const name of ['..', '../x', 'a/../../x', '/etc/passwd', 'a//b', 'a/', './a', 'a/./b', 'nul\u0000', 'a\\..\\b', '\ud800', '']) {
      expect(objectNameProblem(name), JSON.stringify(name)).not.toBeNull();
    }
    for (const name of ['a', 'folder/file.txt', '.emptyFolderPlaceholder', 'é/😀 (1).png', '...', 'a..b', '%2e%2e']) {
      expect(objectNameProblem(name), name).toBeNull();
    }
  });

  it('folder prefixes end with one slash, or are empty for the root', () => {
    expect(folderPrefix('')).toBe('');
    expect(folderPrefix('/')).toBe('');
    expect(folderPrefix('a/b')).toBe('a/b/');
    expect(folderPrefix('/a/b/')).toBe('a/b/');
    expect(() => folderPrefix('a/../b')).toThrow(StorageError);
  });

  it('bucket ids that pass the pattern are single, non-dot path segments', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), (id) => {
        if (!BUCKET_ID_PATTERN.test(id)) return;
        expect(id).not.toMatch(/[/\\\u0000]/);
        expect(['.', '..']).not.toContain(id);
      }),
    );
  });
});

describe('bucket rules', () => {
  it('matches MIME types exactly or by wildcard, ignoring parameters and case', () => {
    expect(mimeAllowed('image/png', ['image/*'])).toBe(true);
    expect(mimeAllowed('IMAGE/PNG; q=1', ['image/png'])).toBe(true);
    expect(mimeAllowed('text/plain', ['image/*', 'application/pdf'])).toBe(false);
    expect(mimeAllowed('imagex/png', ['image/*'])).toBe(false);
    expect(mimeAllowed('anything/at-all', null)).toBe(true);
    expect(mimeAllowed('anything/at-all', [])).toBe(true);
  });

  it('reads sizes as the official client sends them, and takes the smaller of bucket and global limits', () => {
    expect(parseFileSize(1024)).toBe(1024);
    expect(parseFileSize('20MB')).toBe(20_000_000);
    expect(parseFileSize('1.5 kb')).toBe(1500);
    expect(parseFileSize(null)).toBeNull();
    expect(() => parseFileSize('lots')).toThrow(StorageError);
    expect(effectiveLimit({ file_size_limit: null, allowed_mime_types: null }, 50)).toBe(50);
    expect(effectiveLimit({ file_size_limit: 10, allowed_mime_types: null }, 50)).toBe(10);
    expect(effectiveLimit({ file_size_limit: 100, allowed_mime_types: null }, 50)).toBe(50);
  });
});
