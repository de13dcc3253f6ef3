// Test support for the storage service: a platform harness with a real listening HTTP server (the official
// clients need one), an organization, a project and its keys.
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { StorageClient } from '@supabase/storage-js';
import type { Hono } from 'hono';
import { startPlatformHarness, type PlatformHarness, type TestUser } from '../testing/platform.ts';
import type { ServicesOptions } from '../services.ts';
import type { TestCluster } from '../testing/database.ts';

export interface Listening {
  url: string;
  close(): Promise<void>;
}

/** Serves `app` on 127.0.0.1 on a free port. */
export function listen(app: Hono<any>): Promise<Listening> {
  return new Promise((resolve) => {
    const server: ServerType = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}

export interface StorageFixture {
  h: PlatformHarness;
  http: Listening;
  owner: TestUser;
  slug: string;
  ref: string;
  keys: { anon: string; service_role: string };
  /** storage-js for the project, with the given key (service_role by default). */
  client(key?: string): StorageClient;
  storageUrl: string;
  close(): Promise<void>;
}

export async function startStorageFixture(options: { cluster?: TestCluster } & ServicesOptions = {}): Promise<StorageFixture> {
  const h = await startPlatformHarness(options);
  const http = await listen(h.app);
  const owner = await h.user();
  const org = await h.call('POST', '/api/platform/organizations', { token: owner.token, body: { name: 'Storage Org' } });
  const created = await h.call('POST', '/api/platform/projects', {
    token: owner.token,
    body: { organization_slug: org.body.slug, name: 'Files', db_pass: 'Strong-db-pass-123', db_region: 'local' },
  });
  const ref = created.body.ref as string;
  await h.waitForStatus(ref, owner.token, 'ACTIVE_HEALTHY');
  const settings = await h.call('GET', `/api/platform/projects/${ref}/settings`, { token: owner.token });
  const keys = Object.fromEntries(
    settings.body.service_api_keys.map((k: { tags: string; api_key: string }) => [k.tags, k.api_key]),
  ) as StorageFixture['keys'];
  const storageUrl = `${http.url}/p/${ref}/storage/v1`;
  return {
    h,
    http,
    owner,
    slug: org.body.slug,
    ref,
    keys,
    storageUrl,
    client: (key = keys.service_role) => new StorageClient(storageUrl, { apikey: key, Authorization: `Bearer ${key}` }),
    async close() {
      await http.close();
      await h.close();
    },
  };
}
