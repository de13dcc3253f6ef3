// createServices without a files folder (tests) makes a temporary one; close() removes it, and only that one: a
// folder the caller named (the platform's data folder) is left as it is. 416 'strata-files-' folders had piled up in
// /tmp from test files that close their services without removing it.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverFromUrl } from './db/server.ts';
import { createServices } from './services.ts';
import { startTestCluster, type TestCluster } from './testing/database.ts';

let cluster: TestCluster;
const databases: string[] = [];
const platformDatabase = () => {
  const name = `strata_platform_files_${randomBytes(4).toString('hex')}`;
  databases.push(name);
  return name;
};

beforeAll(async () => {
  cluster = await startTestCluster();
});

afterAll(async () => {
  const admin = new pg.Client({ connectionString: cluster.url('postgres') });
  await admin.connect();
  for (const name of databases) await admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
  await admin.end();
  await cluster.close();
});

describe('the services files folder', () => {
  it('a temporary folder made for the services is removed when they close', async () => {
    const services = await createServices(serverFromUrl(cluster.url('postgres'), 'external'), { platformDatabase: platformDatabase() });
    expect(existsSync(services.filesDir)).toBe(true);
    await services.close();
    expect(existsSync(services.filesDir)).toBe(false);
  });

  it('a folder the caller gave stays', async () => {
    const filesDir = mkdtempSync(join(tmpdir(), 'strata-given-files-'));
    try {
      const services = await createServices(serverFromUrl(cluster.url('postgres'), 'external'), { platformDatabase: platformDatabase(), filesDir });
      expect(services.filesDir).toBe(filesDir);
      await services.close();
      expect(existsSync(filesDir)).toBe(true);
    } finally {
      rmSync(filesDir, { recursive: true, force: true });
    }
  });
});
