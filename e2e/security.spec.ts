import { expect, request as playwrightRequest, test, type APIRequestContext, type BrowserContext, type Page, type Request } from '@playwright/test';
import { projectSql } from './support/project-sql.ts';
import { SESSION_KEY, STORAGE_STATE, accessToken, readFixture } from './support/fixture.ts';

// Issue 13, findings 1 and 8, in the browser. A signed-in user opens files uploaded to a public bucket, by public URL
// and by signed URL: each file's script tries to read the console's session from localStorage and call the platform
// API with it. None may run in the console's origin: active types are saved, not rendered; what renders inline is
// sandboxed (an opaque origin, no script). And the console itself runs under its CSP without a single violation.
const fx = () => readFixture();
const BUCKET = `e2e-security-${Date.now().toString(36)}`;

test.describe.configure({ mode: 'serial' });

// What an attacker uploads: reads the session, then calls the platform API with it; every step leaves a marker.
const ATTACK = `
  document.title = 'SCRIPT RAN';
  var token = null;
  try { token = JSON.parse(localStorage.getItem('${SESSION_KEY}')).access_token; document.title = 'SESSION READ'; } catch (e) {}
  fetch('/api/platform/organizations?from=stored-file', { headers: token ? { authorization: 'Bearer ' + token } : {} })
    .then(function (r) { document.title = 'API ' + r.status; });`;
const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** 0.1 s of 8 kHz silence: a valid WAV the browser opens in its media player. */
function silentWav(): Buffer {
  const samples = 800;
  const wav = Buffer.alloc(44 + samples, 0x80);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(8000, 24);
  wav.writeUInt32LE(8000, 28);
  wav.writeUInt16LE(1, 32);
  wav.writeUInt16LE(8, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples, 40);
  return wav;
}

// Files a browser would run, and files it must only show.
const ACTIVE: Record<string, { type: string; body: string }> = {
  'attack.html': { type: 'text/html', body: `<!doctype html><title>file</title><script>${ATTACK}</script>` },
  'attack.svg': { type: 'image/svg+xml', body: `<svg xmlns="http://www.w3.org/2000/svg"><script>${ATTACK}</script></svg>` },
  'attack.txt': { type: 'text/html', body: `<script>${ATTACK}</script>` },
};
const INLINE: Record<string, { type: string; body: string | Buffer }> = {
  // nosniff: HTML declared as text or as an image is never run as HTML.
  'sniff.txt': { type: 'text/plain', body: `<!doctype html><script>${ATTACK}</script>` },
  'sniff.png': { type: 'image/png', body: `<!doctype html><script>${ATTACK}</script>` },
};

let context: BrowserContext;
let page: Page;
let api: APIRequestContext;
let storage: APIRequestContext;
let storageBase: string;

test.beforeAll(async ({ browser, baseURL }) => {
  context = await browser.newContext({ storageState: STORAGE_STATE });
  page = await context.newPage();
  await page.goto('/dashboard/organizations');
  api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${await accessToken(page)}` } });
  const settings = await (await api.get(`/api/platform/projects/${fx().projectRef}/settings`)).json();
  const serviceKey = (settings.service_api_keys as { tags: string; api_key: string }[]).find((k) => k.tags === 'service_role')!.api_key;
  await projectSql(api, fx().projectRef, 'create table if not exists e2e_csp_rows (id int primary key, note text)');
  await projectSql(api, fx().projectRef, "insert into e2e_csp_rows values (1, 'csp') on conflict do nothing");
  storageBase = `${baseURL}/p/${fx().projectRef}/storage/v1`;
  storage = await playwrightRequest.newContext({ extraHTTPHeaders: { apikey: serviceKey, authorization: `Bearer ${serviceKey}` } });
  const bucket = await storage.post(`${storageBase}/bucket`, { data: { id: BUCKET, name: BUCKET, public: true } });
  expect(bucket.ok(), await bucket.text()).toBe(true);
  const files = { ...ACTIVE, ...INLINE, 'pixel.png': { type: 'image/png', body: PNG_1PX }, 'silence.wav': { type: 'audio/wav', body: silentWav() } };
  for (const [name, file] of Object.entries(files)) {
    const upload = await storage.post(`${storageBase}/object/${BUCKET}/${name}`, { headers: { 'content-type': file.type }, data: file.body });
    expect(upload.ok(), `${name}: ${await upload.text()}`).toBe(true);
  }
});

test.afterAll(async () => {
  await storage?.post(`${storageBase}/bucket/${BUCKET}/empty`).catch(() => undefined);
  await storage?.delete(`${storageBase}/bucket/${BUCKET}`).catch(() => undefined);
  await projectSql(api, fx().projectRef, 'drop table if exists e2e_csp_rows').catch(() => undefined);
  await context?.close();
  await api?.dispose();
  await storage?.dispose();
});

async function urlsOf(name: string): Promise<[string, string][]> {
  const signed = await storage.post(`${storageBase}/object/sign/${BUCKET}/${name}`, { data: { expiresIn: 120 } });
  expect(signed.ok()).toBe(true);
  return [
    ['public URL', `${storageBase}/object/public/${BUCKET}/${name}`],
    ['signed URL', `${storageBase}${(await signed.json()).signedURL}`],
  ];
}

/** Opens `url` in a new tab of the signed-in browser and records the platform API calls that tab makes. */
async function openInSignedInTab(url: string) {
  const tab = await context.newPage();
  const apiCalls: Request[] = [];
  tab.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request);
  });
  const download = tab.waitForEvent('download', { timeout: 10_000 }).catch(() => null);
  // A download aborts the navigation (no response); a rendered file answers it.
  const response = await tab.goto(url).catch(() => null);
  const downloaded = response ? null : ((await download)?.suggestedFilename() ?? null);
  // Time for a script (and its fetch) to have run, had it been allowed to.
  await tab.waitForTimeout(500);
  return { tab, apiCalls, response, downloaded };
}

test('files that would run script are saved, never rendered in the console origin', async () => {
  for (const [name] of Object.entries(ACTIVE)) {
    for (const [how, url] of await urlsOf(name)) {
      const { tab, apiCalls, downloaded } = await openInSignedInTab(url);
      expect(apiCalls.map((r) => `${r.url()} ${r.headers().authorization ? 'with' : 'without'} the session`), `${name} by ${how}`).toEqual([]);
      expect(downloaded, `${name} by ${how}`).toBe(name);
      // The tab never left the blank page: nothing of the file was rendered.
      expect(tab.url(), `${name} by ${how}`).toBe('about:blank');
      await tab.close();
    }
  }
});

test('files shown inline are sandboxed: no script, an opaque origin without the session', async () => {
  for (const [name] of Object.entries(INLINE)) {
    for (const [how, url] of await urlsOf(name)) {
      const label = `${name} by ${how}`;
      const { tab, apiCalls, response } = await openInSignedInTab(url);
      expect(response?.status(), label).toBe(200);
      expect(await tab.title(), label).not.toMatch(/SCRIPT RAN|SESSION READ|API/);
      expect(apiCalls.map((r) => r.url()), label).toEqual([]);
      // Even code that did run there (here: the test's own, through DevTools) would be in an opaque origin, with
      // no storage of the console's.
      expect(await tab.evaluate(() => self.origin), label).toBe('null');
      expect(await tab.evaluate(() => {
        try {
          return localStorage.length >= 0 ? 'readable' : 'readable';
        } catch (error) {
          return (error as Error).name;
        }
      }), label).toBe('SecurityError');
      await tab.close();
    }
  }
});

test('images and audio still preview inline by public and signed URL', async () => {
  for (const [how, url] of await urlsOf('pixel.png')) {
    const { tab } = await openInSignedInTab(url);
    await expect.poll(() => tab.evaluate(() => document.querySelector('img')?.naturalWidth ?? 0), { message: how }).toBe(1);
    await tab.close();
  }
  for (const [how, url] of await urlsOf('silence.wav')) {
    const { tab } = await openInSignedInTab(url);
    await expect
      .poll(() => tab.evaluate(() => {
        const media = document.querySelector('video, audio') as HTMLMediaElement | null;
        return media ? { error: media.error?.code ?? null, loaded: media.readyState >= 1 } : null;
      }), { message: how })
      .toEqual({ error: null, loaded: true });
    await tab.close();
  }
});

test('the console runs under its CSP without violations (SQL editor, table editor, storage)', async ({ browser }) => {
  const tab = await browser.newPage({ storageState: STORAGE_STATE });
  const violations: string[] = [];
  tab.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await tab.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const ref = fx().projectRef;
  const response = await tab.goto(`/dashboard/project/${ref}/sql`);
  const headers = response!.headers();
  // Its inline scripts by hash only (the theme script, and on pages with early requests their script), never 'unsafe-inline'.
  expect(headers['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[^']+')+(;|$)/);
  expect(headers['x-frame-options']).toBe('DENY');

  // The SQL editor: CodeMirror's injected styles, completion, a run and its result grid.
  await tab.getByRole('button', { name: 'New query' }).click();
  await tab.locator('.cm-content').click();
  await tab.keyboard.insertText('select 1 as csp_check');
  await tab.keyboard.press('ControlOrMeta+Enter');
  await expect(tab.getByRole('status').filter({ hasText: '1 row' })).toBeVisible({ timeout: 30_000 });

  // The table editor and the storage explorer.
  await tab.goto(`/dashboard/project/${ref}/editor`);
  await expect(tab.getByRole('heading', { name: 'Table Editor' })).toBeVisible();
  await tab.getByTestId('table-entry').getByRole('button', { name: /^e2e_csp_rows,/ }).click();
  await expect(tab.getByRole('gridcell', { name: 'csp', exact: true })).toBeVisible();
  await tab.goto(`/dashboard/project/${ref}/storage/files?bucketId=${BUCKET}`);
  await expect(tab.getByText('pixel.png')).toBeVisible();
  await tab.waitForTimeout(500);
  expect(violations).toEqual([]);

  // And the console cannot be framed by another page.
  const framed = await browser.newPage();
  await framed.setContent(`<iframe src="${new URL('/dashboard/organizations', tab.url()).href}"></iframe>`);
  await framed.waitForTimeout(1000);
  const frame = framed.frames().find((f) => f !== framed.mainFrame());
  expect(await frame?.evaluate(() => document.title).catch(() => 'blocked')).not.toBe('Strata');
  await framed.close();
  await tab.close();
});
