// Nothing is lost or left half-made on restart (DESIGN §5): the app and its embedded cluster are stopped in the
// middle of provisioning (at every step) or after it, started again on the same data folder, and the project is
// ACTIVE_HEALTHY with its data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedCluster, type EmbeddedCluster } from './db/embedded.ts';
import type { ProvisionStep } from './projects/provision.ts';
import { createServices, type Services } from './services.ts';
import { freePort } from './testing/database.ts';
import { provisionTestProject } from './testing/projects.ts';

let dataDir: string;
let port: number;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'strata-restart-'));
  port = await freePort();
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function boot(crashAt?: ProvisionStep): Promise<{ cluster: EmbeddedCluster; services: Services }> {
  const cluster = await startEmbeddedCluster({ dataDir, port, portExplicit: true });
  const services = await createServices(cluster, {
    ...(crashAt
      ? {
          beforeProvisionStep: (_ref: string, step: ProvisionStep) => {
            // The process "dies" here: nothing after this point of provisioning happens.
            if (step === crashAt) throw new Error(`simulated crash before ${step}`);
          },
        }
      : {}),
  });
  return { cluster, services };
}

async function shutdown({ cluster, services }: { cluster: EmbeddedCluster; services: Services }) {
  await services.close();
  await cluster.stop();
}

async function status(services: Services, ref: string): Promise<string | undefined> {
  const { rows } = await services.pool.query('select status from projects where ref = $1', [ref]);
  return rows[0]?.status;
}

async function connectAsOwner(cluster: EmbeddedCluster, ref: string): Promise<pg.Client> {
  const client = new pg.Client({ host: '127.0.0.1', port: cluster.port, database: `project_${ref}`, user: `strata_${ref}`, password: 'restart password' });
  await client.connect();
  return client;
}

describe('restart', () => {
  for (const step of ['roles', 'database', 'grants', 'activate'] as const) {
    it(`finishes a project interrupted before "${step}" at the next start`, async () => {
      const crashed = await boot(step);
      const { ref } = await provisionTestProject(crashed.services, { org: 'restart', name: `crash at ${step}`, dbPass: 'restart password' });
      expect(await status(crashed.services, ref)).toBe('COMING_UP');
      await shutdown(crashed);

      const restarted = await boot();
      try {
        await restarted.services.provisioner.settled();
        expect(await status(restarted.services, ref)).toBe('ACTIVE_HEALTHY');
        const client = await connectAsOwner(restarted.cluster, ref);
        const { rows } = await client.query(`select has_schema_privilege('anon', 'public', 'usage') as anon`);
        await client.end();
        expect(rows).toEqual([{ anon: true }]);
      } finally {
        await shutdown(restarted);
      }
    });
  }

  it('keeps projects and their data across restarts, and finishes an interrupted deletion', async () => {
    const first = await boot();
    const create = async (name: string) => (await provisionTestProject(first.services, { org: 'restart', name, dbPass: 'restart password' })).ref;
    const [kept, doomed] = [await create('kept'), await create('doomed')];
    const client = await connectAsOwner(first.cluster, kept);
    await client.query(`create table diary (entry text); insert into diary values ('day one')`);
    await client.end();
    // A deletion interrupted right after it was requested.
    await first.services.pool.query('update projects set deletion_requested_at = now() where ref = $1', [doomed]);
    await shutdown(first);

    const second = await boot();
    try {
      expect(await status(second.services, kept)).toBe('ACTIVE_HEALTHY');
      expect(await status(second.services, doomed)).toBeUndefined();
      const { rows: dbs } = await second.services.pool.query('select datname from pg_database where datname = $1', [`project_${doomed}`]);
      expect(dbs).toEqual([]);
      const again = await connectAsOwner(second.cluster, kept);
      const { rows } = await again.query('select entry from diary');
      await again.end();
      expect(rows).toEqual([{ entry: 'day one' }]);
    } finally {
      await shutdown(second);
    }
  });
});
