// Headers for every response that carries stored user bytes (storage objects, backups, archives, exports): user
// content never runs in the console's origin (DESIGN §5 "User content", issue 13 finding 1). The files are served
// from the console's own origin, so three layers keep them inert:
//   - `Content-Security-Policy: sandbox` (no allow-scripts, no allow-same-origin): the document gets an opaque
//     origin and runs no script at all, even inline, so it can neither read the console's localStorage nor call
//     the platform API with the console's session;
//   - `X-Content-Type-Options: nosniff`: the browser trusts the declared type and never sniffs HTML out of a
//     "text/plain" or "image/png" upload;
//   - `Content-Disposition: attachment` for every type that is not known to be passive (HTML, SVG, XML, scripts,
//     PDF, anything unknown): the browser saves it instead of rendering it at all.
// Images, audio, video and plain text stay inline so a public or signed URL still previews in a browser tab.

/** Sandboxed, with nothing to load but the media of the document itself (an image or media document). */
export const USER_CONTENT_CSP = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/** Headers any response of stored bytes carries, whatever its type (spread them into a download's headers). */
export const USER_CONTENT_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': USER_CONTENT_CSP,
  'x-content-type-options': 'nosniff',
};

// Types a browser renders without running anything of the file's. SVG is an image type that runs script, so it is
// not here; PDF is left out too (its viewers are large parsers and Chromium will not show it sandboxed anyway).
const PASSIVE = new Set([
  'text/plain',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'image/apng',
  'image/x-icon',
  'image/vnd.microsoft.icon',
]);
const PASSIVE_MEDIA = /^(audio|video)\/[a-z0-9][a-z0-9.+-]*$/;

// One type/subtype and nothing else: a stored "image/png, text/html" would be read by the browser as its last type.
const ESSENCE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;
const CHARSET = /;\s*charset="?([a-z0-9._:-]{1,40})"?\s*$/i;

export interface UserContentType {
  /** The Content-Type to send: the stored one normalised, or application/octet-stream when it is not one type. */
  contentType: string;
  /** Whether the browser may render it in the tab (passive types only). */
  inline: boolean;
}

/** Decides how stored bytes declared as `stored` (the uploader's Content-Type, untrusted) are sent. */
export function userContentType(stored: string | null | undefined): UserContentType {
  const raw = (stored ?? '').trim();
  const essence = raw.split(';')[0]!.trim().toLowerCase();
  if (!ESSENCE.test(essence)) return { contentType: 'application/octet-stream', inline: false };
  const inline = PASSIVE.has(essence) || PASSIVE_MEDIA.test(essence);
  const params = raw.slice(raw.indexOf(';') >= 0 ? raw.indexOf(';') : raw.length);
  const charset = CHARSET.exec(params)?.[1];
  // Inline types are rebuilt from their parts, so no second type can hide in a parameter; the others are saved
  // as files and keep what the uploader declared when it is well formed.
  if (inline) return { contentType: charset ? `${essence}; charset=${charset.toLowerCase()}` : essence, inline };
  return { contentType: /^[\x20-\x7e]*$/.test(raw) && !raw.includes(',') ? raw : essence, inline };
}

/** RFC 6266 attachment with an ASCII fallback name and the UTF-8 one. */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Sets Content-Type, the sandbox CSP, nosniff and (for active types, or when `download` names the file)
 * Content-Disposition: attachment on `headers`.
 */
export function setUserContentHeaders(headers: Headers, options: { storedType: string | null | undefined; fileName: string; download?: string | null | undefined }): void {
  const { contentType, inline } = userContentType(options.storedType);
  headers.set('content-type', contentType);
  for (const [name, value] of Object.entries(USER_CONTENT_HEADERS)) headers.set(name, value);
  const asked = options.download !== undefined && options.download !== null;
  if (asked || !inline) headers.set('content-disposition', attachmentDisposition((asked && options.download) || options.fileName));
}
