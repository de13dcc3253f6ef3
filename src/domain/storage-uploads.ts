// Rules of the storage uploads (spec B4 uploads, B5 uploads, B7 resumable upload, B8 upload errors, B9 constants).
// Pure: the upload machines, the tus actor and the progress toast read their constants and messages from here.
import { formatBytes } from './format.ts';

const MB = 1024 * 1024;
const GB = 1024 * MB;

/** spec B9: upload concurrency — files are sent in batches of 10. */
export const UPLOAD_BATCH_SIZE = 10;
/** spec B9: retry delays of an upload, in ms; one retry per entry. */
export const UPLOAD_RETRY_DELAYS_MS: readonly number[] = [0, 200, 500, 1500, 3000, 5000];
/** spec B9: statuses an upload is never retried on. */
export const UPLOAD_NO_RETRY_STATUSES: readonly number[] = [400, 403, 404, 409, 413, 415, 429];
/** spec B9 / B7: cacheControl metadata of an upload ("3600"). */
export const UPLOAD_CACHE_CONTROL = '3600';
/** spec B9: chunk sizes are capped at 500 MB. */
export const UPLOAD_CHUNK_CAP_BYTES = 500 * MB;
/** spec B9, A7, C9: the temporary API key lives 300 s. */
export const TEMPORARY_KEY_EXPIRY_S = 300;
/** Refresh the key 30 s before it expires, so no request leaves with a key about to lapse. */
export const TEMPORARY_KEY_REFRESH_MS = (TEMPORARY_KEY_EXPIRY_S - 30) * 1000;
/** A failed key refresh is tried again after 5 s (the old key is still valid for a while). */
export const TEMPORARY_KEY_RETRY_MS = 5000;
/** spec B5, B9: the global-limit error toast lasts 8 s. */
export const GLOBAL_LIMIT_TOAST_MS = 8000;
/** spec B8: the result of a cancelled upload. */
export const UPLOAD_ABORTED_MESSAGE = 'Upload aborted by user';
/** spec B2.4: shown while dropped folders are walked. */
export const RETRIEVING_ITEMS_MESSAGE = 'Retrieving items to upload...';
/** spec B2.4: the progress toast's warning. */
export const DO_NOT_CLOSE_MESSAGE = 'Please do not close the browser';
/** spec B7: the x-source header naming the console. */
export const UPLOAD_SOURCE_HEADER = 'strata-console';

/** spec B9: the tus chunk size for a file of `size` bytes, capped at 500 MB. Always a positive integer. */
export function uploadChunkSize(size: number): number {
  const bytes = Number.isFinite(size) && size > 0 ? size : 0;
  let chunk: number;
  if (bytes < 30 * MB) chunk = 6 * MB;
  else if (bytes < 100 * MB) chunk = bytes / 8;
  else if (bytes < 500 * MB) chunk = bytes / 10;
  else if (bytes < GB) chunk = bytes / 20;
  else if (bytes < 10 * GB) chunk = bytes / 30;
  else chunk = bytes / 50;
  return Math.max(1, Math.min(UPLOAD_CHUNK_CAP_BYTES, Math.floor(chunk)));
}

/**
 * spec B9: whether a failed attempt is tried again. `attempt` counts the retries already made (0 before the first
 * retry); there is one retry per delay. A failure without a status (network, server gone) is retried.
 */
export function shouldRetryUpload(status: number | null, attempt: number): boolean {
  if (attempt >= UPLOAD_RETRY_DELAYS_MS.length) return false;
  return status === null || !UPLOAD_NO_RETRY_STATUSES.includes(status);
}

/** The delay before retry number `attempt` (0-based). */
export const uploadRetryDelay = (attempt: number): number =>
  UPLOAD_RETRY_DELAYS_MS[Math.min(Math.max(0, attempt), UPLOAD_RETRY_DELAYS_MS.length - 1)]!;

/** How a single upload failed, as the tus actor reports it. */
export interface UploadFailure {
  /** HTTP status of the response, or null when there was none (network). */
  status: number | null;
  /** The response body text ('' when none). */
  body: string;
  /** The client's message (network errors). */
  message: string;
}

export interface UploadNotice {
  message: string;
  description?: string;
}

/** spec B8: the error toast of one file. */
export function uploadErrorNotice(
  fileName: string,
  failure: UploadFailure,
  context: { contentType: string; allowedMimeTypes: readonly string[] | null },
): UploadNotice {
  if (failure.status === 415) {
    const body = bodyText(failure.body);
    return {
      message: body || `Failed to upload ${fileName}: ${context.contentType} is not allowed`,
      description: `Allowed MIME types: ${(context.allowedMimeTypes ?? []).join(', ')}`,
    };
  }
  if (failure.status === 413) return { message: `Failed to upload ${fileName}: File size exceeds the bucket file size limit.` };
  if (failure.status === 409) return { message: `Failed to upload ${fileName}: File name already exists.` };
  const message = bodyText(failure.body) || failure.message || (failure.status ? `HTTP ${failure.status}` : 'Network error');
  return { message: `Failed to upload ${fileName}: ${message}` };
}

/** The body text; a storage error body `{ message }` reads as its message. */
function bodyText(body: string): string {
  const text = body.trim();
  if (!text.startsWith('{')) return text;
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    return typeof parsed.message === 'string' && parsed.message !== '' ? parsed.message : text;
  } catch {
    return text;
  }
}

const files = (n: number) => `${n} file${n === 1 ? '' : 's'}`;

/** spec B8: the toast at the end of a run; null when nothing was attempted. */
export function uploadSummaryNotice(succeeded: number, total: number): { kind: 'success' | 'error'; message: string } | null {
  if (total <= 0) return null;
  if (succeeded <= 0) return { kind: 'error', message: `Failed to upload ${files(total)}!` };
  if (succeeded >= total) return { kind: 'success', message: `Successfully uploaded ${files(total)}!` };
  return { kind: 'success', message: `Successfully uploaded ${succeeded} out of ${files(total)}!` };
}

/** spec B8: when the upload could not start at all (target, key or limits unavailable). */
export const UPLOAD_FAILED_MESSAGE = 'Failed to upload files';

// spec B5 writes the plural as "its/their size is/are"; kept word for word.
const sizeClause = (n: number) => (n === 1 ? 'its size is' : 'their size are');

/** spec B5: files over the project's global fileSizeLimit (the toast lasts 8 s). */
export function globalLimitNotice(count: number, limitBytes: number): UploadNotice {
  return {
    message: `Failed to upload ${files(count)} as ${sizeClause(count)} beyond the global upload limit of ${formatBytes(limitBytes)}.`,
    description: 'You can change the global file size upload limit in Storage Settings.',
  };
}

/** spec B5: zero-byte files. */
export function zeroByteNotice(count: number): UploadNotice {
  return { message: `Failed to upload ${files(count)} as ${sizeClause(count)} 0.` };
}

/** spec B3 Upload progress, computed from bytes and the elapsed time of the run. */
export interface UploadProgress {
  /** 0–100, never above 100. */
  percentage: number;
  /** Seconds since the run started. */
  elapsed: number;
  /** Bytes per second (0 until something was sent). */
  uploadSpeed: number;
  remainingBytes: number;
  /** Seconds, or null while the speed is unknown. */
  remainingTime: number | null;
}

export function uploadProgress(sentBytes: number, totalBytes: number, elapsedMs: number): UploadProgress {
  const total = Math.max(0, finite(totalBytes));
  const sent = Math.min(total, Math.max(0, finite(sentBytes)));
  const elapsed = Math.max(0, finite(elapsedMs)) / 1000;
  const percentage = total === 0 ? 0 : Math.min(100, Math.floor((sent / total) * 100));
  const uploadSpeed = elapsed > 0 ? sent / elapsed : 0;
  const remainingBytes = total - sent;
  const remainingTime = remainingBytes === 0 ? 0 : uploadSpeed > 0 ? remainingBytes / uploadSpeed : null;
  return { percentage, elapsed, uploadSpeed, remainingBytes, remainingTime };
}

const finite = (n: number) => (Number.isFinite(n) ? n : 0);

/** '8s', '2m 5s', '1h 4m' — elapsed and remaining times in the progress toast. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(finite(seconds)));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${s % 60}s`;
  return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
}

export function formatSpeed(bytesPerSecond: number): string {
  return `${formatBytes(bytesPerSecond)}/s`;
}

// spec B5: "When the browser gives no file type, the MIME type is derived from the file extension."
const MIME_BY_EXTENSION: Record<string, string> = {
  aac: 'audio/aac', avif: 'image/avif', avi: 'video/x-msvideo', bmp: 'image/bmp', css: 'text/css', csv: 'text/csv',
  doc: 'application/msword', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  epub: 'application/epub+zip', gif: 'image/gif', gz: 'application/gzip', heic: 'image/heic', htm: 'text/html',
  html: 'text/html', ico: 'image/vnd.microsoft.icon', jpeg: 'image/jpeg', jpg: 'image/jpeg', js: 'text/javascript',
  json: 'application/json', md: 'text/markdown', mjs: 'text/javascript', mov: 'video/quicktime', mp3: 'audio/mpeg',
  mp4: 'video/mp4', mpeg: 'video/mpeg', oga: 'audio/ogg', ogg: 'audio/ogg', ogv: 'video/ogg', otf: 'font/otf',
  parquet: 'application/vnd.apache.parquet', pdf: 'application/pdf', png: 'image/png', ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', rar: 'application/vnd.rar',
  rtf: 'application/rtf', sql: 'application/sql', svg: 'image/svg+xml', tar: 'application/x-tar', tif: 'image/tiff',
  tiff: 'image/tiff', ts: 'video/mp2t', tsv: 'text/tab-separated-values', ttf: 'font/ttf', txt: 'text/plain',
  wasm: 'application/wasm', wav: 'audio/wav', weba: 'audio/webm', webm: 'video/webm', webp: 'image/webp',
  woff: 'font/woff', woff2: 'font/woff2', xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', xml: 'application/xml', yaml: 'application/yaml',
  yml: 'application/yaml', zip: 'application/zip', '7z': 'application/x-7z-compressed',
};

/** The MIME type of an upload: the browser's, else the one of its extension, else application/octet-stream. */
export function uploadContentType(name: string, browserType: string): string {
  if (browserType) return browserType;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  return MIME_BY_EXTENSION[extension] ?? 'application/octet-stream';
}

/** spec B5: dropped entries skipped — .DS_Store files and paths containing '#/'. */
export function isSkippedDropPath(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name === '.DS_Store' || path.includes('#/');
}

/** The object name of an upload: prefix (with or without its slashes) + the path below the target. */
export function uploadObjectName(prefix: string, relativePath: string): string {
  const parts = [...prefix.split('/'), ...relativePath.split('/')].filter((part) => part !== '');
  return parts.join('/');
}

/**
 * The folders whose listing changes when these object names appear: the target prefix and every folder between
 * it and each object, without duplicates ('' is the bucket root).
 */
export function affectedPrefixes(prefix: string, objectNames: readonly string[]): string[] {
  const target = uploadObjectName(prefix, '');
  const depth = target === '' ? 0 : target.split('/').length;
  const seen = new Set<string>([target]);
  for (const name of objectNames) {
    const parts = name.split('/');
    for (let end = depth + 1; end < parts.length; end++) seen.add(parts.slice(0, end).join('/'));
  }
  return [...seen];
}

/** A file of an upload request, as the explorer hands it over (the blob stays opaque to the rules). */
export interface UploadSourceFile {
  readonly name: string;
  readonly size: number;
  readonly type: string;
}

/** A file accepted for upload, with its object name (autofixed) and content type. */
export interface PlannedUpload<TFile extends UploadSourceFile = UploadSourceFile> {
  file: TFile;
  objectName: string;
  contentType: string;
  size: number;
}

export interface UploadScreening<TFile extends UploadSourceFile> {
  accepted: PlannedUpload<TFile>[];
  /** Files over the global limit (spec B5). */
  overLimit: number;
  /** Zero-byte files (spec B5). */
  empty: number;
}

/**
 * spec B5: rejects files over the global limit and zero-byte files up front; names the others. A file picked
 * straight into the folder (no '/' in its relative path) whose name is taken gets '{base} ({n}).{ext}'; files of
 * dropped folders keep their paths (a clash there is the server's 409).
 */
export function screenUploads<TFile extends UploadSourceFile>(
  request: { prefix: string; files: readonly { file: TFile; relativePath: string }[]; existingNames: readonly string[] },
  globalLimitBytes: number | null,
  autofix: (name: string, existing: readonly string[]) => string,
): UploadScreening<TFile> {
  const taken = [...request.existingNames];
  const accepted: PlannedUpload<TFile>[] = [];
  let overLimit = 0;
  let empty = 0;
  for (const { file, relativePath } of request.files) {
    if (globalLimitBytes !== null && globalLimitBytes > 0 && file.size > globalLimitBytes) {
      overLimit++;
      continue;
    }
    if (file.size <= 0) {
      empty++;
      continue;
    }
    const nested = relativePath.replace(/^\/+/, '').includes('/');
    let path = relativePath;
    if (!nested) {
      path = autofix(relativePath || file.name, taken);
      taken.push(path);
    }
    accepted.push({
      file,
      objectName: uploadObjectName(request.prefix, path),
      contentType: uploadContentType(file.name, file.type),
      size: file.size,
    });
  }
  return { accepted, overLimit, empty };
}
