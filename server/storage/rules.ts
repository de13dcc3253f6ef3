// Bucket rules (issue 8): allowed MIME types with wildcards, the bucket's size limit and the project's global one.
import { StorageError, invalidMime, tooLarge } from './errors.ts';

const UNITS: Record<string, number> = { B: 1, KB: 1e3, MB: 1e6, GB: 1e9 };

/** A bucket limit as the official client sends it: bytes, or a string like '20MB' (decimal units, as storage). */
export function parseFileSize(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(B|KB|MB|GB)?\s*$/i.exec(value);
  if (!match) throw new StorageError(400, 'InvalidRequest', `Invalid file size limit: ${value}`);
  return Math.floor(Number(match[1]) * UNITS[(match[2] ?? 'B').toUpperCase()]!);
}

/** The MIME type without parameters, lower-cased ('Text/Plain; charset=utf-8' → 'text/plain'). */
export function baseMime(contentType: string | null | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

export function mimeAllowed(contentType: string, allowed: readonly string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const mime = baseMime(contentType);
  return allowed.some((pattern) => {
    const rule = pattern.trim().toLowerCase();
    if (rule === '*/*' || rule === '*') return true;
    if (rule.endsWith('/*')) return mime.startsWith(rule.slice(0, -1));
    return rule === mime;
  });
}

export interface BucketRules {
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

/** The limit an upload into this bucket must stay within. */
export function effectiveLimit(bucket: BucketRules, globalLimit: number): number {
  return bucket.file_size_limit === null ? globalLimit : Math.min(bucket.file_size_limit, globalLimit);
}

/** Checks what is known before the bytes arrive: the type and the announced size. */
export function checkUpload(bucket: BucketRules, globalLimit: number, contentType: string, size: number | null): void {
  if (!mimeAllowed(contentType, bucket.allowed_mime_types)) throw invalidMime(baseMime(contentType) || 'application/octet-stream');
  if (size !== null && size > effectiveLimit(bucket, globalLimit)) throw tooLarge();
}
