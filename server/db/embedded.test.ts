import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../testing/database.ts';
import { processState, startEmbeddedCluster, type EmbeddedCluster } from './embedded.ts';

const dirs: string[] = [];
const running: EmbeddedCluster[] = [];

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'strata-embedded-'));
  dirs.push(dir);
  return dir;
}

async function start(dir: string, port: number): Promise<EmbeddedCluster> {
  const cluster = await startEmbeddedCluster({ dataDir: dir, port, portExplicit: true });
  running.push(cluster);
  return cluster;
}

async function query(cluster: EmbeddedCluster, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: cluster.url('postgres') });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

const postmasterPid = (cluster: EmbeddedCluster) => Number(readFileSync(join(cluster.pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  return processState(pid) !== 'Z';
};

afterEach(async () => {
  for (const cluster of running.splice(0)) await cluster.stop().catch(() => {});
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('embedded cluster', () => {
  it('initialises once, keeps its data and restarts without initdb', async () => {
    const dir = dataDir();
    const port = await freePort();
    const first = await start(dir, port);
    console.log(`[timing] first start: initdb ${first.startup.initdbMs} ms, start ${first.startup.startMs} ms`);
    expect(first.startup.initdbMs).not.toBeNull();
    expect(first.port).toBe(port);
    expect(statSync(join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    expect(existsSync(join(dir, 'pg.init'))).toBe(false);
    await query(first, 'create table kept (v text); insert into kept values ($$still here$$)');
    // Only loopback: the server does not listen on other interfaces.
    expect(await query(first, `select current_setting('listen_addresses') as l`)).toEqual([{ l: '127.0.0.1' }]);
    await first.stop();

    const second = await start(dir, port);
    console.log(`[timing] restart: start ${second.startup.startMs} ms`);
    expect(second.startup).toMatchObject({ initdbMs: null, reused: false });
    expect(await query(second, 'select v from kept')).toEqual([{ v: 'still here' }]);
    await second.stop();
    expect(existsSync(join(second.pgDir, 'postmaster.pid'))).toBe(false);
  });

  it('adopts the server a killed platform left running (postmaster.pid), then stops it', async () => {
    const dir = dataDir();
    const first = await start(dir, await freePort());
    const pid = postmasterPid(first);
    await query(first, 'create table t (v int)');
    running.splice(running.indexOf(first), 1); // the handle is dropped, as by SIGKILL: no stop()

    const second = await start(dir, await freePort());
    expect(second.startup).toMatchObject({ reused: true, initdbMs: null });
    expect(second.port).toBe(first.port);
    expect(postmasterPid(second)).toBe(pid);
    expect(await query(second, 'select count(*)::int as n from t')).toEqual([{ n: 0 }]);
    await second.stop();
    expect(alive(pid)).toBe(false);
  });

  it('stops a left-over server that does not answer, and starts afresh', async () => {
    const dir = dataDir();
    const first = await start(dir, await freePort());
    const pid = postmasterPid(first);
    running.splice(running.indexOf(first), 1);
    // The pid file now names a port nothing answers on: the server counts as unresponsive.
    const pidFile = join(first.pgDir, 'postmaster.pid');
    const lines = readFileSync(pidFile, 'utf8').split('\n');
    lines[3] = String(await freePort());
    writeFileSync(pidFile, lines.join('\n'));

    const port = await freePort();
    const second = await start(dir, port);
    expect(second.startup).toMatchObject({ reused: false, recoveredStale: true });
    expect(alive(pid)).toBe(false);
    expect(second.port).toBe(port);
    expect(await query(second, 'select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('ignores a postmaster.pid naming a process that is gone', async () => {
    const dir = dataDir();
    const first = await start(dir, await freePort());
    await first.stop();
    const gone = spawnSync('sh', ['-c', 'echo $$']).stdout.toString().trim();
    writeFileSync(join(first.pgDir, 'postmaster.pid'), `${gone}\n${first.pgDir}\n0\n${first.port}\n\n127.0.0.1\n0 0\nready\n`);
    const second = await start(dir, await freePort());
    expect(second.startup.recoveredStale).toBe(true);
    expect(await query(second, 'select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('moves to a free port when the default one is taken, unless the port was set explicitly', async () => {
    const dir = dataDir();
    const blocker = await start(dataDir(), await freePort());
    await expect(startEmbeddedCluster({ dataDir: dir, port: blocker.port, portExplicit: true })).rejects.toThrow(/already in use/);
    const moved = await startEmbeddedCluster({ dataDir: dir, port: blocker.port, portExplicit: false });
    running.push(moved);
    expect(moved.port).not.toBe(blocker.port);
    expect(await query(moved, 'select 1 as one')).toEqual([{ one: 1 }]);
  });
});
