// Starts the local platform for e2e from a fresh data folder, as a new user would meet it.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const dataDir = resolve(process.env.STRATA_DATA_DIR ?? '.tmp/e2e-data');

// A Postgres left by an earlier run that was killed hard must not keep running on a folder we delete.
const pidFile = join(dataDir, 'pg', 'postmaster.pid');
if (existsSync(pidFile)) {
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (pid > 0) {
    try {
      process.kill(pid, 'SIGINT'); // Postgres's fast shutdown
      for (let i = 0; i < 100; i++) {
        process.kill(pid, 0);
        await new Promise((r) => setTimeout(r, 50));
      }
    } catch {
      // gone
    }
  }
}
rmSync(dataDir, { recursive: true, force: true });
process.env.STRATA_DATA_DIR = dataDir;
await import('../../server/main.ts');
