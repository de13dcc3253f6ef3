import { beforeEach, describe, expect, it, vi } from 'vitest';

// The storage API as the effects see it: every call is recorded in order.
const calls: string[] = [];
vi.mock('../api/storage.ts', () => ({
  createBucket: vi.fn(async (ref: string, body: { id: string; type: string; public: boolean }) => void calls.push(`create ${ref} ${body.id} ${body.type} public=${body.public}`)),
  updateBucket: vi.fn(async (ref: string, id: string, body: { public: boolean }) => void calls.push(`update ${ref} ${id} public=${body.public}`)),
  emptyBucket: vi.fn(async (ref: string, id: string) => void calls.push(`empty ${ref} ${id}`)),
  deleteBucket: vi.fn(async (ref: string, id: string) => void calls.push(`delete ${ref} ${id}`)),
  signObject: vi.fn(async (ref: string, id: string, path: string, expiresIn: number) => ({ signedUrl: `signed:${ref}/${id}/${path}?${expiresIn}` })),
  publicObjectUrl: vi.fn((ref: string, id: string, path: string) => `public:${ref}/${id}/${path}`),
  updateStorageConfig: vi.fn(async (ref: string, bytes: number) => void calls.push(`config ${ref} ${bytes}`)),
}));

const { deleteBucketAndObjects, objectUrl, saveBucket, saveFileSizeLimit } = await import('./storage-forms.ts');
const fields = { public: true, allowed_mime_types: null, file_size_limit: null };

beforeEach(() => {
  calls.length = 0;
});

describe('storage form effects (spec B2.4, B3)', () => {
  it('creates a bucket with the API name of its type; editing saves the fields only', async () => {
    await saveBucket('ref1', false, { id: 'avatars', type: 'analytics', fields });
    await saveBucket('ref1', true, { id: 'avatars', type: 'analytics', fields: { ...fields, public: false } });
    expect(calls).toEqual(['create ref1 avatars ANALYTICS public=true', 'update ref1 avatars public=false']);
  });

  it('empties a bucket before deleting it, and does not delete when emptying fails', async () => {
    await deleteBucketAndObjects('ref1', 'avatars');
    expect(calls).toEqual(['empty ref1 avatars', 'delete ref1 avatars']);
    const api = await import('../api/storage.ts');
    vi.mocked(api.emptyBucket).mockRejectedValueOnce(new Error('The bucket could not be emptied'));
    calls.length = 0;
    await expect(deleteBucketAndObjects('ref1', 'avatars')).rejects.toThrow('The bucket could not be emptied');
    expect(calls).toEqual([]);
  });

  it('signs for the chosen expiry in seconds, or gives the public URL', async () => {
    expect(await objectUrl('ref1', 'docs', { kind: 'signedUrl', path: 'a/b.txt', expiry: 'WEEK' })).toBe('signed:ref1/docs/a/b.txt?604800');
    expect(await objectUrl('ref1', 'docs', { kind: 'publicUrl', path: 'a/b.txt' })).toBe('public:ref1/docs/a/b.txt');
  });

  it('saves the upload limit in bytes', async () => {
    await saveFileSizeLimit('ref1', 52_428_800);
    expect(calls).toEqual(['config ref1 52428800']);
  });
});
