import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BUCKET_TYPE_DESCRIPTIONS,
  DEFAULT_EXPLORER_PREFERENCES,
  MISSING_METADATA_CORRUPT_MS,
  SIGNED_URL_EXPIRY,
  STORAGE_LIST_PAGE_SIZE,
  fileMessages,
  filesZipName,
  folderMessages,
  folderZipName,
  isAbortError,
  joinPath,
  listingMessages,
  missingMetadataState,
  readExplorerPreferences,
  sortBuckets,
  toStorageItems,
  type Bucket,
} from './storage.ts';

describe('storage domain: constants (spec B2.4, B9)', () => {
  it('holds the spec figures and descriptions', () => {
    expect(STORAGE_LIST_PAGE_SIZE).toBe(200);
    expect(SIGNED_URL_EXPIRY).toEqual({ WEEK: 604800, MONTH: 2592000, YEAR: 31536000 });
    expect(BUCKET_TYPE_DESCRIPTIONS.files).toBe('General file storage for most types of digital content.');
    expect(BUCKET_TYPE_DESCRIPTIONS.analytics).toBe('Purpose-built storage for analytical workloads.');
    expect(BUCKET_TYPE_DESCRIPTIONS.vectors).toBe('Purpose-built storage for vector data.');
    expect(filesZipName()).toBe('Strata-files.zip');
    expect(folderZipName('photos')).toBe('photos.zip');
  });

  it('spells the B8 messages verbatim', () => {
    expect(listingMessages.folderContentsFailed('docs', 'boom')).toBe('Failed to retrieve folder contents from "docs": boom');
    expect(folderMessages.downloadedPartly('docs', 2)).toBe('Downloaded folder "docs". However, 2 files did not download successfully.');
    expect(folderMessages.downloading(3)).toBe('Downloading 3 file(s)...');
    expect(fileMessages.moved(2, '')).toBe('Successfully moved 2 files to the root of your bucket');
    expect(fileMessages.moved(2, 'a/b')).toBe('Successfully moved 2 files to a/b');
    expect(fileMessages.renamed('a', 'b')).toBe('Successfully renamed "a" to "b"');
    expect(fileMessages.movingDescription).toBe("Do not close the browser until it's completed");
  });
});

describe('storage domain: preferences (spec B2.4)', () => {
  it('defaults to COLUMNS, name, asc, created_at and repairs bad values', () => {
    expect(readExplorerPreferences(null)).toEqual(DEFAULT_EXPLORER_PREFERENCES);
    expect(readExplorerPreferences('{bad')).toEqual(DEFAULT_EXPLORER_PREFERENCES);
    expect(readExplorerPreferences('[1]')).toEqual(DEFAULT_EXPLORER_PREFERENCES);
    expect(readExplorerPreferences('{"view":"LIST","sortBy":"size","sortByOrder":"desc"}')).toEqual({
      ...DEFAULT_EXPLORER_PREFERENCES,
      view: 'LIST',
      sortByOrder: 'desc',
    });
  });
  it('property: whatever is stored reads as valid preferences and a written value round-trips', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (raw) => {
        const prefs = readExplorerPreferences(raw);
        expect(readExplorerPreferences(JSON.stringify(prefs))).toEqual(prefs);
      }),
    );
  });
  it('sorts buckets alphabetically or by creation', () => {
    const b = (name: string, created_at: string): Bucket => ({ id: name, name, public: false, allowed_mime_types: null, file_size_limit: null, created_at });
    const list = [b('zeta', '2024-01-01'), b('alpha', '2025-01-01')];
    expect(sortBuckets(list, 'alphabetical').map((x) => x.name)).toEqual(['alpha', 'zeta']);
    expect(sortBuckets(list, 'created_at').map((x) => x.name)).toEqual(['zeta', 'alpha']);
  });
});

describe('storage domain: rows (spec B3, B4)', () => {
  const now = Date.parse('2026-01-01T12:00:00Z');
  it('marks a file without metadata LOADING for 15 minutes, then corrupted', () => {
    expect(missingMetadataState(new Date(now - MISSING_METADATA_CORRUPT_MS).toISOString(), now)).toEqual({ status: 'LOADING', isCorrupted: false });
    expect(missingMetadataState(new Date(now - MISSING_METADATA_CORRUPT_MS - 1).toISOString(), now)).toEqual({ status: 'READY', isCorrupted: true });
    expect(missingMetadataState(null, now).isCorrupted).toBe(true);
  });
  it('property: corrupted exactly when older than 15 minutes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 * MISSING_METADATA_CORRUPT_MS }), (age) => {
        const state = missingMetadataState(new Date(now - age).toISOString(), now);
        expect(state.isCorrupted).toBe(age > MISSING_METADATA_CORRUPT_MS);
      }),
    );
  });
  it('maps listed objects to rows, hiding the folder placeholder', () => {
    const rows = toStorageItems(
      [
        { name: 'sub', id: null, created_at: null, updated_at: null, last_accessed_at: null, metadata: null },
        { name: '.emptyFolderPlaceholder', id: '1', created_at: null, updated_at: null, last_accessed_at: null, metadata: { size: 0 } },
        { name: 'a.png', id: '2', created_at: null, updated_at: null, last_accessed_at: null, metadata: { size: 5, mimetype: 'image/png', eTag: 'x' } },
      ],
      'docs',
      1,
      now,
    );
    expect(rows.map((r) => [r.name, r.type, r.path, r.columnIndex])).toEqual([
      ['sub', 'FOLDER', 'docs/sub', 1],
      ['a.png', 'FILE', 'docs/a.png', 1],
    ]);
    expect(rows[1]!.metadata).toEqual({ size: 5, mimetype: 'image/png' });
  });
  it('joins paths and recognises abort errors', () => {
    expect(joinPath('', 'a/', '/b')).toBe('a/b');
    expect(isAbortError(new DOMException('x', 'AbortError'))).toBe(true);
    expect(isAbortError(new Error('x'))).toBe(false);
  });
});
