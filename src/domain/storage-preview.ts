// What the storage explorer's preview pane shows for a file (issue 14 "a preview pane"). The kinds follow what the
// platform serves inline (server/http/userContent.ts, SECURITY.md "User content is never run in the console's
// origin"): raster images, audio, video and plain text. Everything else — SVG, HTML, PDF, unknown types — is served
// as an attachment, so the pane offers a download instead of loading it (a frame of it would only download it).
// A PDF alone is read as bytes and drawn on a canvas by pdf.js (no script of the file's, nothing in a frame).
import { formatBytes } from './format.ts';

export type PreviewKind = 'image' | 'video' | 'audio' | 'text' | 'pdf' | 'none';

const IMAGES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp', 'image/apng', 'image/x-icon', 'image/vnd.microsoft.icon']);

/** Text previews read at most this much of the file (the rest is not fetched). */
export const TEXT_PREVIEW_BYTES = 64 * 1024;

/** The preview kind for a stored type (the uploader's declared Content-Type). */
export function previewKind(mimetype: string | null | undefined): PreviewKind {
  const essence = (mimetype ?? '').split(';')[0]!.trim().toLowerCase();
  if (IMAGES.has(essence)) return 'image';
  if (/^video\/[a-z0-9][a-z0-9.+-]*$/.test(essence)) return 'video';
  if (/^audio\/[a-z0-9][a-z0-9.+-]*$/.test(essence)) return 'audio';
  if (essence === 'text/plain') return 'text';
  if (essence === 'application/pdf') return 'pdf';
  return 'none';
}

export interface PreviewFile {
  path: string;
  name: string;
  size: number | null;
  mimetype: string | null;
  cacheControl: string | null;
  created_at: string | null;
  updated_at: string | null;
}

/** A listed object's metadata as the pane shows it; fields the platform did not give stay null. */
export function previewFile(item: {
  path: string;
  name: string;
  metadata: Record<string, unknown> | null;
  created_at: string | null;
  updated_at: string | null;
}): PreviewFile {
  const meta = item.metadata ?? {};
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  const size = typeof meta.size === 'number' && Number.isFinite(meta.size) && meta.size >= 0 ? meta.size : null;
  return {
    path: item.path,
    name: item.name,
    size,
    mimetype: text(meta.mimetype),
    // storage keeps it as sent ("3600" or "max-age=3600"); both read as the header storage sends.
    cacheControl: text(meta.cacheControl) === null ? null : /^\d+$/.test(String(meta.cacheControl)) ? `max-age=${String(meta.cacheControl)}` : text(meta.cacheControl),
    created_at: item.created_at,
    updated_at: item.updated_at,
  };
}

/** The text to show of a file's first bytes: cut at the preview size on a whole character, marked when cut. */
export function textPreview(bytes: Uint8Array, totalSize: number | null): { text: string; truncated: boolean } {
  const slice = bytes.subarray(0, TEXT_PREVIEW_BYTES);
  // `stream: true` leaves a character cut in half at the end out instead of showing U+FFFD.
  const text = new TextDecoder('utf-8', { fatal: false }).decode(slice, { stream: bytes.length > TEXT_PREVIEW_BYTES || (totalSize ?? 0) > slice.length });
  return { text, truncated: bytes.length > TEXT_PREVIEW_BYTES || (totalSize !== null && totalSize > slice.length) };
}

// ─── PDF preview (issue 14) ──────────────────────────────────────────────────────────────────────────────────────
// The platform serves a PDF as an attachment (it never renders in the console's origin); the pane reads its bytes
// and draws its pages on a canvas with pdf.js instead (src/actors/storage-preview-pdf.ts), one page at a time.

/** PDFs larger than this are not fetched for a preview (the bytes are held in memory and parsed whole). */
export const PDF_PREVIEW_MAX_BYTES = 20 * 1024 * 1024;
/** The widest a page is drawn, in CSS pixels (the pane is 320 px wide with 12 px padding, the page 8 px more). */
export const PDF_PAGE_WIDTH = 280;
/** The tallest a page is drawn, in CSS pixels: a portrait page and its pager fit in the pane above the metadata. */
export const PDF_PAGE_HEIGHT = 360;
/** A page is never drawn with more device pixels than this many per CSS pixel (a huge page at a high DPR). */
const PDF_MAX_PIXEL_RATIO = 3;
/** Nor with more than this many canvas pixels in all (browsers refuse canvases much larger). */
const PDF_MAX_CANVAS_PIXELS = 16 * 1024 * 1024;

/** Whether a PDF of this size may be previewed (an unknown size is checked again once the bytes arrive). */
export const pdfTooLarge = (size: number | null): boolean => size !== null && size > PDF_PREVIEW_MAX_BYTES;

/** What the pane says of a PDF over the cap. */
export const pdfTooLargeMessage = (size: number | null): string =>
  `This PDF is too large to preview${size === null ? '' : ` (${formatBytes(size)})`}: the preview reads files up to ${formatBytes(PDF_PREVIEW_MAX_BYTES)}. Download it to read it.`;

/** What the pane says of bytes pdf.js could not read. */
export const pdfUnreadableMessage = (reason: string): string => `This PDF could not be read: ${reason.trim() || 'unknown error'}`;


/** A page number kept within 1…pageCount (a document has at least one page); non-integers round down. */
export function clampPage(page: number, pageCount: number): number {
  const last = Math.max(1, Math.floor(pageCount));
  if (!Number.isFinite(page)) return 1;
  return Math.min(last, Math.max(1, Math.floor(page)));
}

/** The pager's state: its label and whether each button may be pressed. */
export function pdfPager(page: number, pageCount: number): { page: number; label: string; hasPrevious: boolean; hasNext: boolean } {
  const count = Math.max(1, Math.floor(pageCount));
  const current = clampPage(page, count);
  return { page: current, label: `Page ${current} of ${count}`, hasPrevious: current > 1, hasNext: current < count };
}

/**
 * How a page is drawn: its CSS size fitted within `width` × `height` (never enlarged past twice its natural size),
 * and the scale pdf.js draws at (CSS scale × device pixels, capped so the canvas stays within what browsers allow).
 */
export function pdfPageLayout(
  pageWidth: number,
  pageHeight: number,
  pixelRatio = 1,
  width = PDF_PAGE_WIDTH,
  height = PDF_PAGE_HEIGHT,
): { cssWidth: number; cssHeight: number; scale: number } {
  if (!(pageWidth > 0) || !(pageHeight > 0)) return { cssWidth: 0, cssHeight: 0, scale: 1 };
  const fit = Math.min(width / pageWidth, height / pageHeight, 2);
  const cssWidth = Math.round(pageWidth * fit);
  const cssHeight = Math.round(pageHeight * fit);
  const ratio = Math.min(PDF_MAX_PIXEL_RATIO, Math.max(1, Number.isFinite(pixelRatio) ? pixelRatio : 1));
  const byArea = Math.sqrt(PDF_MAX_CANVAS_PIXELS / (pageWidth * fit * ratio * pageHeight * fit * ratio));
  return { cssWidth, cssHeight, scale: fit * ratio * Math.min(1, byArea) };
}

// ─── thumbnails (issue 14) ───────────────────────────────────────────────────────────────────────────────────────
// Image files in the explorer's lists show a small thumbnail from their public or signed URL. Signing costs a
// request, so a column signs its image files in batches (one request for many paths), at most a listing page's
// worth at a time, and never the same version of a file twice.

/** At most this many paths in one batch of signed thumbnail URLs: one listing page (spec B9: 200). */
export const THUMBNAIL_BATCH_MAX = 200;

/** A listed item as the thumbnails need it. */
export interface ThumbnailItem {
  path: string;
  type: string;
  status?: string;
  metadata: Record<string, unknown> | null;
  updated_at: string | null;
}

/** The version of a file a thumbnail URL is for: a re-uploaded file (new updated_at) gets a new URL. */
export const thumbnailKey = (item: Pick<ThumbnailItem, 'path' | 'updated_at'>): string => `${item.path}\u0000${item.updated_at ?? ''}`;

/** Whether the row shows a thumbnail: a ready file the pane previews as an image. */
export const hasThumbnail = (item: ThumbnailItem): boolean =>
  item.type === 'FILE' && (item.status === undefined || item.status === 'READY') && previewKind(typeof item.metadata?.mimetype === 'string' ? item.metadata.mimetype : null) === 'image';

/**
 * The next batch to sign: the image files whose version has no URL yet (nor a request under way, nor a failed one),
 * in list order, at most `max`. Empty when there is nothing to do.
 */
export function nextThumbnailBatch(items: readonly ThumbnailItem[], known: ReadonlySet<string>, max = THUMBNAIL_BATCH_MAX): ThumbnailItem[] {
  const batch: ThumbnailItem[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    if (batch.length >= max) break;
    const key = thumbnailKey(item);
    if (!hasThumbnail(item) || known.has(key) || seen.has(key)) continue;
    seen.add(key);
    batch.push(item);
  }
  return batch;
}

/**
 * The absolute URLs of storage's batch-signing answer (`POST /object/sign/{bucket}` with `paths`: one entry a path,
 * with its `signedURL` relative to the storage root, or an error for a missing object), by path. The URL is built
 * again from the path and the answer's token, every segment percent-encoded (storage answers the name as stored:
 * a '#' or '?' in it would cut the URL).
 */
export function signedThumbnailUrls(storageRoot: string, bucketId: string, entries: readonly { path?: unknown; signedURL?: unknown; error?: unknown }[]): Record<string, string> {
  const root = storageRoot.replace(/\/+$/, '');
  const out: Record<string, string> = {};
  for (const entry of entries) {
    if (typeof entry.path !== 'string' || entry.path === '' || typeof entry.signedURL !== 'string' || entry.error) continue;
    const token = /[?&]token=([^&#]+)/.exec(entry.signedURL)?.[1];
    if (!token) continue;
    let decoded: string;
    try {
      decoded = decodeURIComponent(token);
    } catch {
      continue;
    }
    out[entry.path] = `${root}/object/sign/${encodeURIComponent(bucketId)}/${entry.path.split('/').map(encodeURIComponent).join('/')}?token=${encodeURIComponent(decoded)}`;
  }
  return out;
}
