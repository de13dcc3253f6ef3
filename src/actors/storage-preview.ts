// Effects of the storage explorer's preview pane, bucket search and folder size (issue 14), run by the views as
// tasks (DESIGN §2: views never call the platform themselves). The bytes come from the project's storage URLs
// (public, or signed for a private bucket), which the platform serves through server/http/userContent.ts.
// A PDF is read as bytes (never navigated to or framed) and handed to pdf.js, which is loaded only then
// (./storage-preview-pdf.ts). The explorer's image thumbnails are signed in batches through the project's storage.
import ky from 'ky';
import { api } from '../api/client.ts';
import { publicObjectUrl, signObject } from '../api/storage.ts';
import { createTemporaryApiKey, fetchProjectApiUrl } from '../api/uploads.ts';
import { fromPromise } from 'xstate';
import { taskMachine, taskWith, type TaskMachine } from '../../machines/task.machine.ts';
import type { StorageFolderSize, StorageSearchHit } from '../api/schemas/storage-search.ts';
import { TEMPORARY_KEY_EXPIRY_S } from '../domain/storage-uploads.ts';
import {
  PDF_PREVIEW_MAX_BYTES,
  TEXT_PREVIEW_BYTES,
  pdfTooLarge,
  pdfTooLargeMessage,
  signedThumbnailUrls,
  textPreview,
  THUMBNAIL_BATCH_MAX,
} from '../domain/storage-preview.ts';

const bucketPath = (ref: string, bucketId: string) => `platform/storage/${encodeURIComponent(ref)}/buckets/${encodeURIComponent(bucketId)}`;

/** A private file's preview URL lives ten minutes: long enough to watch a video, short if it is copied. */
export const PREVIEW_URL_SECONDS = 600;

export const searchBucket = (ref: string, bucketId: string, query: string) =>
  api.post(`${bucketPath(ref, bucketId)}/objects/search`, { json: { query, limit: 100 } }).json<StorageSearchHit[]>();

export const fetchFolderSize = (ref: string, bucketId: string, path: string) =>
  api.post(`${bucketPath(ref, bucketId)}/objects/folder-size`, { json: { path } }).json<StorageFolderSize>();

/** The URL the pane loads and offers to copy: the public one in a public bucket, else a short signed one. */
export async function previewUrl(ref: string, bucketId: string, path: string, isPublic: boolean): Promise<string> {
  if (isPublic) return publicObjectUrl(ref, bucketId, path);
  return (await signObject(ref, bucketId, path, PREVIEW_URL_SECONDS)).signedUrl;
}

/** The first bytes of a text file (a Range request; a server that ignores it is cut here). */
export async function fetchTextPreview(url: string, size: number | null): Promise<{ text: string; truncated: boolean }> {
  const response = await fetch(url, { headers: { range: `bytes=0-${TEXT_PREVIEW_BYTES - 1}` } });
  if (!response.ok) throw new Error(`The file could not be read (HTTP ${response.status})`);
  return textPreview(new Uint8Array(await response.arrayBuffer()), size);
}

export const searchBucketTask = taskWith(({ ref, bucketId, query }: { ref: string; bucketId: string; query: string }) => searchBucket(ref, bucketId, query));
export const folderSizeTask = taskWith(({ ref, bucketId, path }: { ref: string; bucketId: string; path: string }) => fetchFolderSize(ref, bucketId, path));
export const previewUrlTask = taskWith(({ ref, bucketId, path, isPublic }: { ref: string; bucketId: string; path: string; isPublic: boolean }) =>
  previewUrl(ref, bucketId, path, isPublic),
);
export const textPreviewTask = taskWith(({ url, size }: { url: string; size: number | null }) => fetchTextPreview(url, size));

// ─── PDF preview ─────────────────────────────────────────────────────────────────────────────────────────────────

/** One page being drawn: its promise settles when the canvas is drawn; cancel stops it (a page change, unmount). */
export interface PdfPageRender {
  promise: Promise<void>;
  cancel: () => void;
}

/** An opened PDF as the pane uses it; destroy frees its worker and memory. */
export interface PdfPreviewDocument {
  pageCount: number;
  renderPage: (pageNumber: number, canvas: HTMLCanvasElement, pixelRatio: number) => PdfPageRender;
  destroy: () => Promise<void>;
}

/**
 * A file's bytes, at most `max` of them: a response that says (Content-Length) or turns out to be larger is
 * abandoned with the too-large message, so a file of unknown size is never read whole into memory past the cap.
 */
export async function fetchBytesCapped(url: string, max: number, signal?: AbortSignal, fetcher: typeof fetch = fetch): Promise<Uint8Array> {
  const response = await fetcher(url, { signal });
  if (!response.ok) throw new Error(`The file could not be read (HTTP ${response.status})`);
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await response.body?.cancel();
    throw new Error(pdfTooLargeMessage(declared));
  }
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel();
      throw new Error(pdfTooLargeMessage(null));
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/**
 * The PDF at `url` opened for the pane: its bytes fetched (capped), then parsed by pdf.js, loaded at this moment.
 * Abandoned (the pane closed, another file picked: `signal`), a document opened meanwhile is destroyed at once, so
 * no pdf.js worker outlives its pane.
 */
export async function loadPdfPreview(url: string, size: number | null, signal?: AbortSignal): Promise<PdfPreviewDocument> {
  if (pdfTooLarge(size)) throw new Error(pdfTooLargeMessage(size));
  const [bytes, { openPdf }] = await Promise.all([fetchBytesCapped(url, PDF_PREVIEW_MAX_BYTES, signal), import('./storage-preview-pdf.ts')]);
  signal?.throwIfAborted();
  const pdf = await openPdf(bytes);
  if (signal?.aborted) {
    await pdf.destroy().catch(() => {});
    signal.throwIfAborted();
  }
  return pdf;
}

export type PdfPreviewInput = { url: string; size: number | null };
/** The pane's PDF read as a task; leaving the running state (reset, stop) aborts it (fromPromise's signal). */
export const pdfPreviewTask = taskMachine.provide({
  actors: { perform: fromPromise<unknown, unknown>(({ input, signal }) => loadPdfPreview((input as PdfPreviewInput).url, (input as PdfPreviewInput).size, signal)) },
}) as TaskMachine<PdfPreviewInput, PdfPreviewDocument>;

// ─── thumbnails ──────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * A thumbnail's signed URL lives an hour: the list may stay open a while before a row scrolls into view (the image
 * loads lazily). It is never shown or copied; a row whose URL has expired shows no thumbnail.
 */
export const THUMBNAIL_URL_SECONDS = 3600;

export interface ThumbnailBatch {
  ref: string;
  bucketId: string;
  isPublic: boolean;
  paths: string[];
}

/** Signs thumbnails; made by `createThumbnailSigner`, one for each storage explorer. */
export interface ThumbnailSigner {
  thumbnailUrls: (batch: ThumbnailBatch) => Promise<Record<string, string>>;
}

/**
 * A signer of thumbnail URLs that keeps, for its owner's lifetime, the project's API URL and a temporary
 * service_role key (spec B7, the uploads' key): a batch of thumbnails then costs one request, and the key is renewed
 * a minute before it expires. Its owner is the storage explorer that shows the thumbnails, so nothing outlives the
 * page in the module (issue 15: no global stores) — a key one user was given is never handed to the next user
 * signed in on the same page.
 */
export function createThumbnailSigner(): ThumbnailSigner {
  const apiUrls = new Map<string, Promise<string>>();
  const keys = new Map<string, { key: Promise<string>; until: number }>();

  function projectApiUrl(ref: string): Promise<string> {
    let url = apiUrls.get(ref);
    if (!url) {
      url = fetchProjectApiUrl(ref);
      apiUrls.set(ref, url);
      url.catch(() => apiUrls.delete(ref));
    }
    return url;
  }

  function temporaryKey(ref: string, now = Date.now()): Promise<string> {
    const kept = keys.get(ref);
    if (kept && kept.until > now) return kept.key;
    const key = createTemporaryApiKey(ref);
    keys.set(ref, { key, until: now + (TEMPORARY_KEY_EXPIRY_S - 60) * 1000 });
    // A refusal (a read-only member gets no service_role key) is remembered a minute: the next pages of thumbnails
    // do not ask again at once.
    key.catch(() => keys.set(ref, { key, until: now + 60_000 }));
    return key;
  }

  /**
   * The thumbnail URLs of a batch of image files, by path: a public bucket's are its public URLs (no request but
   * the project's API URL, once); a private bucket's are signed in one request (`POST /object/sign/{bucket}` with
   * `paths`). A path storage could not sign is left out.
   */
  async function thumbnailUrls({ ref, bucketId, isPublic, paths }: ThumbnailBatch): Promise<Record<string, string>> {
    if (paths.length === 0) return {};
    if (paths.length > THUMBNAIL_BATCH_MAX) throw new Error(`At most ${THUMBNAIL_BATCH_MAX} thumbnails are signed at once`);
    const apiUrl = await projectApiUrl(ref);
    const storageRoot = `${apiUrl}/storage/v1`;
    const bucket = encodeURIComponent(bucketId);
    if (isPublic) {
      return Object.fromEntries(paths.map((path) => [path, `${storageRoot}/object/public/${bucket}/${path.split('/').map(encodeURIComponent).join('/')}`]));
    }
    const key = await temporaryKey(ref);
    const entries = await ky
      .post(`${storageRoot}/object/sign/${bucket}`, {
        headers: { apikey: key, authorization: `Bearer ${key}`, 'x-source': 'strata-dashboard' },
        json: { expiresIn: THUMBNAIL_URL_SECONDS, paths },
        retry: { limit: 0 },
      })
      .json<{ path?: unknown; signedURL?: unknown; error?: unknown }[]>();
    return signedThumbnailUrls(storageRoot, bucketId, Array.isArray(entries) ? entries : []);
  }

  return { thumbnailUrls };
}

/** The thumbnails task of one owner's signer (the view's useThumbnails runs it). */
export const thumbnailUrlsTaskWith = (signer: ThumbnailSigner): TaskMachine<ThumbnailBatch, Record<string, string>> => taskWith(signer.thumbnailUrls);
