// A platform restart in the middle of an operation (DESIGN §5: nothing is lost on restart): the services are
// stopped right before a step, as a dying process would stop, then started again on the same platform database;
// the operation continues after its last completed step and ends where it should, data intact.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { serverFromUrl } from '../db/server.ts';
import { createServices, type Services } from '../services.ts';
import { startTestCluster, type TestCluster } from '../testing/database.ts';
import { provisionTestProject } from '../testing/projects.ts';
import type { OperationKind } from './operations.ts';
import { OperationStopped } from './runner.ts';

let cluster: TestCluster;
let platformDatabase: string;

beforeAll(async () => {
  cluster = await startTestCluster();
  platformDatabase = `strata_platform_lcr_${process.pid}_${randomBytes(3).toString('hex')}`;
});
afterAll(async () => {
  const services = await boot();
  const { rows } = await services.pool.query<{ ref: string }>('select ref from projects');
  for (const { ref } of rows) await services.provisioner.remove(ref).catch(() => {});
  await services.close();
  const admin = new pg.Client({ connectionString: cluster.url('postgres') });
  await admin.connect();
  await admin.query(`drop database if exists ${admin.escapeIdentifier(platformDatabase)} with (force)`);
  await admin.end();
  await cluster.close();
});

function boot(stopAt?: { kind: OperationKind; step: string }): Promise<Services> {
  const server = serverFromUrl(cluster.url('postgres'), 'external');
  return createServices(server, {
    platformDatabase,
    ...(stopAt
      ? {
          beforeLifecycleStep: (_ref: string, kind: OperationKind, step: string) => {
            if (kind === stopAt.kind && step === stopAt.step) throw new OperationStopped(`stopped before ${step}`);
          },
        }
      : {}),
  });
}

async function newProject(services: Services): Promise<{ id: number; ref: string }> {
  const project = await provisionTestProject(services, { org: 'crash', name: 'crash', dbPass: 'crash password' });
  const admin = new pg.Client({ connectionString: cluster.url(`project_${project.ref}`) });
  await admin.connect();
  await admin.query(`create table kept (id int primary key); insert into kept select generate_series(1, 10)`);
  await admin.end();
  return project;
}

async function state(services: Services, ref: string) {
  const { rows } = await services.pool.query(
    `select p.status, p.db_version, o.status as operation, o.step
       from projects p left join project_operations o on o.project_id = p.id where p.ref = $1
      order by o.started_at desc limit 1`,
    [ref],
  );
  return rows[0];
}

async function keptRows(ref: string): Promise<number> {
  const admin = new pg.Client({ connectionString: cluster.url(`project_${ref}`) });
  await admin.connect();
  try {
    return (await admin.query('select count(*)::int as n from kept')).rows[0].n;
  } finally {
    await admin.end();
  }
}

const cases: { kind: OperationKind; step: string; previous: string | null; done: string }[] = [
  { kind: 'pause', step: 'backup', previous: null, done: 'INACTIVE' },
  { kind: 'pause', step: 'close', previous: 'backup', done: 'INACTIVE' },
  { kind: 'restart', step: 'open', previous: 'hold', done: 'ACTIVE_HEALTHY' },
  { kind: 'upgrade', step: '5_initiated_data_upgrade', previous: '4_attached_volume_to_original_instance', done: 'ACTIVE_HEALTHY' },
  { kind: 'upgrade', step: 'backup', previous: '9_completed_upgrade', done: 'ACTIVE_HEALTHY' },
];

describe('platform restart during an operation', () => {
  for (const { kind, step, previous, done } of cases) {
    it(`finishes ${kind === 'upgrade' ? 'an' : 'a'} ${kind} stopped before "${step}" at the next start`, async () => {
      const crashed = await boot({ kind, step });
      const project = await newProject(crashed);
      const params = kind === 'upgrade' ? { target_version: crashed.postgresVersion, target_app_version: `strata-postgres-${crashed.postgresVersion}`, previous_version: 'strata-postgres-15.1' } : {};
      await crashed.lifecycle.start(project.id, kind, params);
      await crashed.lifecycle.settled();
      const during = await state(crashed, project.ref);
      expect(during).toMatchObject({ operation: 'running', step: kind === 'upgrade' && previous === null ? '0_requested' : previous });
      expect(during.status).not.toBe(done);
      await crashed.close();

      const restarted = await boot();
      try {
        await restarted.lifecycle.settled();
        expect(await state(restarted, project.ref)).toMatchObject({ status: done, operation: 'succeeded' });
        if (kind === 'upgrade') expect((await state(restarted, project.ref)).db_version).toBe(`strata-postgres-${restarted.postgresVersion}`);
        if (kind === 'pause') {
          const backups = await restarted.pool.query(`select status from backups where project_id = $1 order by id`, [project.id]);
          expect(backups.rows.at(-1)).toEqual({ status: 'completed' });
          await restarted.lifecycle.start(project.id, 'restore');
          await restarted.lifecycle.settled();
        }
        const { rows } = await restarted.pool.query('select datallowconn, datconnlimit from pg_database where datname = $1', [`project_${project.ref}`]);
        expect(rows[0]).toEqual({ datallowconn: true, datconnlimit: 60 });
        expect(await keptRows(project.ref)).toBe(10);
      } finally {
        await restarted.close();
      }
    });
  }
});
