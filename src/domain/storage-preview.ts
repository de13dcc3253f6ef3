// What the storage explorer's preview pane shows for a file (issue 14 "a preview pane"). The kinds follow what the
// platform serves inline (server/http/userContent.ts, SECURITY.md "User content is never run in the console's
// origin"): raster images, audio, video and plain text. Everything else — SVG, HTML, PDF, unknown types — is served
// as an attachment, so the pane offers a download instead of loading it (a frame of it would only download it).

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
