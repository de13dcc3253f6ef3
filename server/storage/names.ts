// Object names and bucket ids become paths on disk ({filesDir}/{ref}/objects/{bucket}/{name}): a name is checked
// here before anything touches the file system, so no name can reach a file outside the bucket's folder.
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { BUCKET_ID_PATTERN } from '../../src/api/schemas/storage.ts';
import { StorageError } from './errors.ts';

/** S3 and storage keep keys to 1024 bytes; a path segment is a file name (255 bytes on common file systems). */
const MAX_NAME_BYTES = 1024;
const MAX_SEGMENT_BYTES = 255;
// Control characters (NUL included) are refused: they cannot be stored in Postgres text or are invisible.
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Why a name is not acceptable, or null when it is. */
export function objectNameProblem(name: string): string | null {
  if (name === '') return 'The object name must not be empty';
  if (!name.isWellFormed()) return 'The object name must be valid Unicode text';
  if (CONTROL.test(name)) return 'The object name must not contain control characters';
  if (Buffer.byteLength(name) > MAX_NAME_BYTES) return `The object name must be at most ${MAX_NAME_BYTES} bytes`;
  if (name.startsWith('/')) return 'The object name must not start with "/"';
  if (name.includes('\\')) return 'The object name must not contain "\\"';
  for (const segment of name.split('/')) {
    if (segment === '') return 'The object name must not contain empty folders ("//" or a trailing "/")';
    if (segment === '.' || segment === '..') return 'The object name must not contain "." or ".." folders';
    if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) return `Each part of the object name must be at most ${MAX_SEGMENT_BYTES} bytes`;
  }
  return null;
}

export function assertObjectName(name: string): string {
  const problem = objectNameProblem(name);
  if (problem) throw new StorageError(400, 'InvalidKey', `Invalid key: ${problem}`);
  return name;
}

export function assertBucketId(id: string): string {
  if (!BUCKET_ID_PATTERN.test(id)) {
    throw new StorageError(400, 'InvalidBucketName', 'The bucket name must use only letters, digits, "_", "." and "-" (at most 100)');
  }
  return id;
}

/**
 * A folder prefix as the listing and delete_prefix use it: '' for the root, otherwise the folder's path with
 * one trailing '/'. Leading slashes are dropped, as the official client does.
 */
export function folderPrefix(path: string): string {
  const trimmed = path.replace(/^\/+/, '').replace(/\/+$/, '');
  if (trimmed === '') return '';
  assertObjectName(trimmed);
  return `${trimmed}/`;
}

export interface ProjectFolders {
  root: string;
  objects: string;
  uploads: string;
  tmp: string;
}

/** Where a project's files live (the storage contract of issue 8). */
export function projectFolders(filesDir: string, ref: string): ProjectFolders {
  const root = join(filesDir, ref);
  return { root, objects: join(root, 'objects'), uploads: join(root, 'uploads'), tmp: join(root, 'tmp') };
}

export function bucketFolder(filesDir: string, ref: string, bucketId: string): string {
  return join(projectFolders(filesDir, ref).objects, assertBucketId(bucketId));
}

/** The file of an object; throws a 400 for a name that would leave the bucket's folder. */
export function objectFile(filesDir: string, ref: string, bucketId: string, name: string): string {
  const bucket = bucketFolder(filesDir, ref, bucketId);
  const file = resolve(bucket, assertObjectName(name));
  // Belt and braces: the checks above already exclude every way out.
  const rel = relative(bucket, file);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) throw new StorageError(400, 'InvalidKey', 'Invalid key');
  return file;
}
