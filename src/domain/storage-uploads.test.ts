import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { autofixName } from './storage-names.ts';
import {
  UPLOAD_CHUNK_CAP_BYTES,
  UPLOAD_NO_RETRY_STATUSES,
  UPLOAD_RETRY_DELAYS_MS,
  affectedPrefixes,
  formatDuration,
  formatSpeed,
  globalLimitNotice,
  isSkippedDropPath,
  screenUploads,
  shouldRetryUpload,
  uploadChunkSize,
  uploadContentType,
  uploadErrorNotice,
  uploadObjectName,
  uploadProgress,
  uploadRetryDelay,
  uploadSummaryNotice,
  zeroByteNotice,
} from './storage-uploads.ts';

const MB = 1024 * 1024;
const GB = 1024 * MB;

describe('upload chunk size (spec B9)', () => {
  it('follows the table', () => {
    expect(uploadChunkSize(1)).toBe(6 * MB);
    expect(uploadChunkSize(30 * MB - 1)).toBe(6 * MB);
    expect(uploadChunkSize(30 * MB)).toBe((30 * MB) / 8);
    expect(uploadChunkSize(100 * MB)).toBe((100 * MB) / 10);
    expect(uploadChunkSize(500 * MB)).toBe((500 * MB) / 20);
    expect(uploadChunkSize(GB)).toBe(Math.floor(GB / 30));
    expect(uploadChunkSize(10 * GB)).toBe(Math.floor((10 * GB) / 50));
    expect(uploadChunkSize(100 * GB)).toBe(UPLOAD_CHUNK_CAP_BYTES);
    expect(uploadChunkSize(0)).toBe(6 * MB);
    expect(uploadChunkSize(Number.NaN)).toBe(6 * MB);
  });

  it('is a positive integer never above 500 MB and never a fraction beyond the row divisor', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 2 ** 45, noNaN: true }), (size) => {
        const chunk = uploadChunkSize(size);
        expect(Number.isInteger(chunk)).toBe(true);
        expect(chunk).toBeGreaterThan(0);
        expect(chunk).toBeLessThanOrEqual(UPLOAD_CHUNK_CAP_BYTES);
        // A file takes at most 50 chunks once it is over 30 MB, unless the cap applies.
        if (size >= 30 * MB && chunk < UPLOAD_CHUNK_CAP_BYTES) expect(Math.ceil(size / chunk)).toBeLessThanOrEqual(51);
      }),
    );
  });

  it('never shrinks the chunk as the file grows within a row (monotone per row)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 30 * MB, max: 100 * MB - 2 }), (size) => {
        expect(uploadChunkSize(size + 1)).toBeGreaterThanOrEqual(uploadChunkSize(size));
      }),
    );
  });
});

describe('retries (spec B9)', () => {
  it('uses the six delays and stops after them', () => {
    expect(UPLOAD_RETRY_DELAYS_MS).toEqual([0, 200, 500, 1500, 3000, 5000]);
    expect([0, 1, 2, 3, 4, 5].map(uploadRetryDelay)).toEqual([0, 200, 500, 1500, 3000, 5000]);
    expect(shouldRetryUpload(500, 5)).toBe(true);
    expect(shouldRetryUpload(500, 6)).toBe(false);
    expect(shouldRetryUpload(null, 0)).toBe(true);
  });

  it('never retries the listed statuses, always retries others within the delays', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), fc.integer({ min: 0, max: 10 }), (status, attempt) => {
        const expected = !UPLOAD_NO_RETRY_STATUSES.includes(status) && attempt < 6;
        expect(shouldRetryUpload(status, attempt)).toBe(expected);
      }),
    );
    expect(UPLOAD_NO_RETRY_STATUSES).toEqual([400, 403, 404, 409, 413, 415, 429]);
  });
});

describe('upload error toasts (spec B8)', () => {
  const ctx = { contentType: 'text/plain', allowedMimeTypes: ['image/*', 'application/pdf'] };
  it('maps 415, 413, 409 and others', () => {
    expect(uploadErrorNotice('a.txt', { status: 415, body: '', message: '' }, ctx)).toEqual({
      message: 'Failed to upload a.txt: text/plain is not allowed',
      description: 'Allowed MIME types: image/*, application/pdf',
    });
    expect(uploadErrorNotice('a.txt', { status: 415, body: 'mime type text/plain is not supported', message: '' }, ctx).message).toBe(
      'mime type text/plain is not supported',
    );
    expect(
      uploadErrorNotice('a.txt', { status: 415, body: '{"statusCode":"415","error":"invalid_mime_type","message":"nope"}', message: '' }, ctx).message,
    ).toBe('nope');
    expect(uploadErrorNotice('a.txt', { status: 413, body: 'x', message: '' }, ctx).message).toBe(
      'Failed to upload a.txt: File size exceeds the bucket file size limit.',
    );
    expect(uploadErrorNotice('a.txt', { status: 409, body: 'x', message: '' }, ctx).message).toBe(
      'Failed to upload a.txt: File name already exists.',
    );
    expect(uploadErrorNotice('a.txt', { status: 500, body: 'boom', message: 'tus: failed' }, ctx).message).toBe('Failed to upload a.txt: boom');
    expect(uploadErrorNotice('a.txt', { status: null, body: '', message: 'tus: failed to upload chunk' }, ctx).message).toBe(
      'Failed to upload a.txt: tus: failed to upload chunk',
    );
  });
});

describe('summary and rejection toasts (spec B5, B8)', () => {
  it('reads the summary', () => {
    expect(uploadSummaryNotice(0, 0)).toBeNull();
    expect(uploadSummaryNotice(0, 1)).toEqual({ kind: 'error', message: 'Failed to upload 1 file!' });
    expect(uploadSummaryNotice(0, 3)).toEqual({ kind: 'error', message: 'Failed to upload 3 files!' });
    expect(uploadSummaryNotice(3, 3)).toEqual({ kind: 'success', message: 'Successfully uploaded 3 files!' });
    expect(uploadSummaryNotice(1, 1)).toEqual({ kind: 'success', message: 'Successfully uploaded 1 file!' });
    expect(uploadSummaryNotice(2, 5)).toEqual({ kind: 'success', message: 'Successfully uploaded 2 out of 5 files!' });
  });

  it('reads the global-limit and zero-byte rejections', () => {
    expect(globalLimitNotice(1, 50 * MB)).toEqual({
      message: 'Failed to upload 1 file as its size is beyond the global upload limit of 50 MB.',
      description: 'You can change the global file size upload limit in Storage Settings.',
    });
    expect(globalLimitNotice(2, 1.5 * GB).message).toBe('Failed to upload 2 files as their size are beyond the global upload limit of 1.5 GB.');
    expect(zeroByteNotice(1).message).toBe('Failed to upload 1 file as its size is 0.');
    expect(zeroByteNotice(4).message).toBe('Failed to upload 4 files as their size are 0.');
  });
});

describe('progress maths', () => {
  it('computes percentage, speed and remaining', () => {
    expect(uploadProgress(50 * MB, 100 * MB, 5000)).toEqual({
      percentage: 50,
      elapsed: 5,
      uploadSpeed: 10 * MB,
      remainingBytes: 50 * MB,
      remainingTime: 5,
    });
    expect(uploadProgress(0, 100, 0)).toEqual({ percentage: 0, elapsed: 0, uploadSpeed: 0, remainingBytes: 100, remainingTime: null });
    expect(uploadProgress(10, 0, 1000).percentage).toBe(0);
    expect(uploadProgress(200, 100, 1000).percentage).toBe(100);
  });

  it('never leaves 0–100, never counts more than the total, and sent + remaining = total', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: false }), fc.double({ noNaN: false }), fc.double({ noNaN: false }), (sent, total, elapsed) => {
        const p = uploadProgress(sent, total, elapsed);
        expect(p.percentage).toBeGreaterThanOrEqual(0);
        expect(p.percentage).toBeLessThanOrEqual(100);
        expect(p.remainingBytes).toBeGreaterThanOrEqual(0);
        expect(p.uploadSpeed).toBeGreaterThanOrEqual(0);
        expect(Number.isNaN(p.percentage) || Number.isNaN(p.remainingBytes) || Number.isNaN(p.uploadSpeed)).toBe(false);
        if (p.remainingTime !== null) expect(p.remainingTime).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('formats durations and speeds', () => {
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(59.4)).toBe('59s');
    expect(formatDuration(125)).toBe('2m 5s');
    expect(formatDuration(3725)).toBe('1h 2m');
    expect(formatDuration(Number.NaN)).toBe('0s');
    expect(formatSpeed(10 * MB)).toBe('10 MB/s');
    expect(formatSpeed(0)).toBe('0 bytes/s');
  });
});

describe('names, types and paths', () => {
  it('derives the MIME type from the extension when the browser gives none (spec B5)', () => {
    expect(uploadContentType('a.PNG', '')).toBe('image/png');
    expect(uploadContentType('a.png', 'image/x-custom')).toBe('image/x-custom');
    expect(uploadContentType('notes', '')).toBe('application/octet-stream');
    expect(uploadContentType('.env', '')).toBe('application/octet-stream');
    expect(uploadContentType('data.parquet', '')).toBe('application/vnd.apache.parquet');
  });

  it('skips .DS_Store and paths with #/', () => {
    expect(isSkippedDropPath('photos/.DS_Store')).toBe(true);
    expect(isSkippedDropPath('.DS_Store')).toBe(true);
    expect(isSkippedDropPath('a#/b.png')).toBe(true);
    expect(isSkippedDropPath('a#b/c.png')).toBe(false);
    expect(isSkippedDropPath('photos/a.png')).toBe(false);
  });

  it('joins object names and lists the affected folders', () => {
    expect(uploadObjectName('', 'a.png')).toBe('a.png');
    expect(uploadObjectName('docs/', 'a.png')).toBe('docs/a.png');
    expect(uploadObjectName('/docs/2024', 'x/a.png')).toBe('docs/2024/x/a.png');
    expect(affectedPrefixes('docs', ['docs/a.png', 'docs/x/y/b.png', 'docs/x/c.png'])).toEqual(['docs', 'docs/x', 'docs/x/y']);
    expect(affectedPrefixes('', ['a.png', 'f/b.png'])).toEqual(['', 'f']);
  });

  it('screens a request: limit, zero bytes, autofix of picked files only', () => {
    const file = (name: string, size: number, type = '') => ({ name, size, type });
    const screening = screenUploads(
      {
        prefix: 'docs',
        files: [
          { file: file('a.png', 10), relativePath: '' },
          { file: file('a.png', 10), relativePath: '' },
          { file: file('big.bin', 1000), relativePath: '' },
          { file: file('empty.txt', 0), relativePath: '' },
          { file: file('A.png', 5), relativePath: 'photos/A.png' },
        ],
        existingNames: ['A.PNG'],
      },
      100,
      autofixName,
    );
    expect(screening.overLimit).toBe(1);
    expect(screening.empty).toBe(1);
    expect(screening.accepted.map((p) => p.objectName)).toEqual(['docs/a (1).png', 'docs/a (2).png', 'docs/photos/A.png']);
    expect(screening.accepted[0]!.contentType).toBe('image/png');
  });

  it('accepts every non-empty file within the limit, once, with distinct names for picked files', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ name: fc.constantFrom('a.png', 'b', 'A.PNG', 'c.tar.gz'), size: fc.integer({ min: 0, max: 200 }) }), { maxLength: 30 }),
        fc.option(fc.integer({ min: 1, max: 150 }), { nil: null }),
        (picked, limit) => {
          const request = { prefix: '', files: picked.map((f) => ({ file: { ...f, type: '' }, relativePath: '' })), existingNames: ['a.png'] };
          const { accepted, overLimit, empty } = screenUploads(request, limit, autofixName);
          expect(accepted.length + overLimit + empty).toBe(picked.length);
          const names = accepted.map((p) => p.objectName.toLowerCase());
          expect(new Set(names).size).toBe(names.length);
          expect(names).not.toContain('a.png');
          for (const p of accepted) {
            expect(p.size).toBeGreaterThan(0);
            if (limit !== null) expect(p.size).toBeLessThanOrEqual(limit);
          }
        },
      ),
    );
  });
});
