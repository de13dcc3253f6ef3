// Issue 13 finding 1: stored files must never run script in the console's origin. Files that a browser would run
// (HTML, SVG, a .txt uploaded as text/html, a type hidden after a comma) are uploaded through the storage API and
// every route that answers their bytes is checked for the sandbox CSP, nosniff and an attachment disposition;
// passive types (images, plain text) stay inline. The browser side is e2e/security.spec.ts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUrlKey, signedFileUrl } from '../lifecycle/fileUrls.ts';
import { userContentType } from '../http/userContent.ts';
import { startStorageFixture, type StorageFixture } from './testing.ts';

let f: StorageFixture;
const SCRIPT = '<script>localStorage.getItem("strata.dashboard.auth.token")</script>';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

// name → the Content-Type the uploader declared, the body, and whether it may render inline.
const FILES: Record<string, { type: string; body: Buffer | string; inline: boolean }> = {
  'page.html': { type: 'text/html', body: `<!doctype html>${SCRIPT}`, inline: false },
  'image.svg': { type: 'image/svg+xml', body: `<svg xmlns="http://www.w3.org/2000/svg">${SCRIPT}</svg>`, inline: false },
  'note.txt': { type: 'text/html; charset=utf-8', body: SCRIPT, inline: false },
  'page.xhtml': { type: 'application/xhtml+xml', body: `<html xmlns="http://www.w3.org/1999/xhtml">${SCRIPT}</html>`, inline: false },
  'two-types.png': { type: 'image/png, text/html', body: SCRIPT, inline: false },
  'plain.txt': { type: 'text/plain', body: SCRIPT, inline: true },
  'photo.png': { type: 'image/png', body: PNG, inline: true },
};

beforeAll(async () => {
  f = await startStorageFixture();
  const storage = f.client();
  expect((await storage.createBucket('open', { public: true })).error).toBeNull();
  for (const [name, file] of Object.entries(FILES)) {
    // Raw upload: the declared Content-Type is exactly what an attacker sends.
    const res = await fetch(`${f.storageUrl}/object/open/${name}`, {
      method: 'POST',
      headers: { apikey: f.keys.service_role, authorization: `Bearer ${f.keys.service_role}`, 'content-type': file.type },
      body: typeof file.body === 'string' ? file.body : new Uint8Array(file.body),
    });
    expect(res.status, `${name}: ${await res.text()}`).toBe(200);
  }
}, 120_000);
afterAll(async () => f?.close());

/** Every route that answers an object's bytes, for object `name` of bucket `open`. */
async function downloads(name: string): Promise<[string, Response][]> {
  const key = { apikey: f.keys.service_role, authorization: `Bearer ${f.keys.service_role}` };
  const signed = await f.client().from('open').createSignedUrl(name, 60);
  expect(signed.error).toBeNull();
  const platform = await f.h.request('POST', `/api/platform/storage/${f.ref}/buckets/open/objects/download`, {
    token: f.owner.token,
    body: { path: name },
  });
  return [
    ['public GET', await fetch(`${f.storageUrl}/object/public/open/${name}`)],
    ['public HEAD', await fetch(`${f.storageUrl}/object/public/open/${name}`, { method: 'HEAD' })],
    ['signed GET', await fetch(signed.data!.signedUrl)],
    ['authenticated GET', await fetch(`${f.storageUrl}/object/authenticated/open/${name}`, { headers: key })],
    ['object GET', await fetch(`${f.storageUrl}/object/open/${name}`, { headers: key })],
    ['object HEAD', await fetch(`${f.storageUrl}/object/open/${name}`, { method: 'HEAD', headers: key })],
    ['ranged GET', await fetch(`${f.storageUrl}/object/public/open/${name}`, { headers: { range: 'bytes=0-3' } })],
    ['console download', platform],
  ];
}

function expectSandboxed(label: string, response: Response) {
  const csp = response.headers.get('content-security-policy') ?? '';
  expect(csp, label).toMatch(/(^|;)\s*sandbox\s*(;|$)/);
  expect(csp, label).not.toMatch(/allow-scripts|allow-same-origin/);
  expect(csp, label).toContain("default-src 'none'");
  expect(response.headers.get('x-content-type-options'), label).toBe('nosniff');
}

describe('stored bytes are served inert', () => {
  for (const [name, file] of Object.entries(FILES)) {
    it(`${name} (${file.type}): sandboxed, nosniff, ${file.inline ? 'inline' : 'attachment'} on every download route`, async () => {
      for (const [route, response] of await downloads(name)) {
        const label = `${name} ${route}`;
        expect(response.status, label).toBeLessThan(300);
        expectSandboxed(label, response);
        const disposition = response.headers.get('content-disposition');
        if (file.inline) {
          expect(disposition, label).toBeNull();
          expect(response.headers.get('content-type'), label).toBe(file.type);
        } else {
          expect(disposition, label).toMatch(/^attachment; filename="/);
          // Saved files keep the declared type (clients read it), unless it was not one well-formed type.
          expect(response.headers.get('content-type'), label).toBe(name === 'two-types.png' ? 'application/octet-stream' : file.type);
        }
      }
    });
  }

  it('?download names the attachment, for passive types too', async () => {
    const response = await fetch(`${f.storageUrl}/object/public/open/photo.png?download=holiday.png`);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="holiday.png"; filename*=UTF-8''holiday.png`);
    expectSandboxed('download', response);
  });

  it('backup and archive links (/files/…) are sandboxed attachments too', async () => {
    const key = await fileUrlKey(f.h.services.pool);
    mkdirSync(join(f.h.services.filesDir, f.ref, 'backups'), { recursive: true });
    writeFileSync(join(f.h.services.filesDir, f.ref, 'backups', '1.sql'), `-- ${SCRIPT}`);
    const url = new URL(signedFileUrl(key, f.h.publicHost, `${f.ref}/backups/1.sql`));
    const response = await f.h.app.request(`${url.pathname}${url.search}`);
    expect(response.status).toBe(200);
    expectSandboxed('backup', response);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; /);
  });
});

describe('userContentType', () => {
  it('keeps only one well-formed passive type inline', () => {
    expect(userContentType('image/png')).toEqual({ contentType: 'image/png', inline: true });
    expect(userContentType('Text/Plain; Charset=UTF-8')).toEqual({ contentType: 'text/plain; charset=utf-8', inline: true });
    expect(userContentType('video/mp4')).toEqual({ contentType: 'video/mp4', inline: true });
    expect(userContentType('text/plain; x="a,text/html"')).toEqual({ contentType: 'text/plain', inline: true });
    for (const active of ['text/html', 'image/svg+xml', 'application/xml', 'text/xml', 'application/javascript', 'application/pdf', 'text/html;charset=utf-8', 'application/octet-stream']) {
      expect(userContentType(active).inline, active).toBe(false);
    }
    for (const malformed of ['image/png, text/html', 'text/plain,text/html', '', null, 'nonsense', 'image/png\u00e9']) {
      expect(userContentType(malformed), String(malformed)).toEqual({ contentType: 'application/octet-stream', inline: false });
    }
  });
});
