// Starts the local platform for e2e from a fresh data folder, as a new user would meet it.
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

const dataDir = resolve(process.env.STRATA_DATA_DIR ?? '.tmp/e2e-data');
rmSync(dataDir, { recursive: true, force: true });
process.env.STRATA_DATA_DIR = dataDir;
await import('../../server/main.ts');
