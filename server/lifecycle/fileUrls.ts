// Short-lived signed URLs for files a browser downloads by navigating (backups, storage archives): no bearer
// token travels with a navigation, so the URL itself carries `token = {expiry}.{HMAC-SHA256(path, expiry)}`,
// keyed with `platform_keys.file_url_key` of the platform database. Served by server/routes/files.ts at
// `/files/{path}` (outside /api, which requires a session).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';

/** How long a download URL stays valid. */
export const FILE_URL_TTL_SECONDS = 5 * 60;

const keys = new WeakMap<object, Promise<string>>();

/** The signing key of this platform database (read once per pool). */
export function fileUrlKey(platform: Pick<pg.Pool, 'query'>): Promise<string> {
  let key = keys.get(platform);
  if (!key) {
    key = platform
      .query<{ value: string }>(`select value from platform_keys where name = 'file_url_key'`)
      .then(({ rows }) => {
        if (!rows[0]) throw new Error('platform_keys.file_url_key is missing');
        return rows[0].value;
      });
    key.catch(() => keys.delete(platform));
    keys.set(platform, key);
  }
  return key;
}

const mac = (key: string, path: string, expires: number) =>
  createHmac('sha256', key).update(`${expires}\n${path}`).digest('base64url');

/** `{expiry}.{mac}` for `path`, valid FILE_URL_TTL_SECONDS (other signed links, e.g. table exports, use it too). */
export function signFileToken(key: string, path: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + FILE_URL_TTL_SECONDS;
  return `${expires}.${mac(key, path, expires)}`;
}

/** `/files/{path}?token=…` as an absolute URL; `path` is relative to filesDir ('{ref}/backups/3.sql'). */
export function signedFileUrl(key: string, publicHost: string, path: string, now = Date.now()): string {
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  return `http://${publicHost}/files/${encoded}?token=${signFileToken(key, path, now)}`;
}

/** Whether `token` was signed for `path` and has not expired. */
export function verifyFileToken(key: string, path: string, token: string, now = Date.now()): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 < now) return false;
  const expected = Buffer.from(mac(key, path, expires));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
