// A/B of the Data API's key check (server/data-api/auth.ts `authenticate`) between two commits (issue 16: the
// publishable/secret keys and signing keys were added to it; the hot path must not slow measurably).
//   npx tsx bench/api-key-check.ts <commit-a> <commit-b>
// Each commit's server/ and src/ are exported to a temporary folder; the same fake platform row (cached after the
// first call, as in the hot path) and the anon key as apikey and bearer; 5 runs of 200,000 calls after 20,000
// warm-ups; the CPU time per call (process.cpuUsage), alternating A and B twice. Report the load average with it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SignJWT } from 'jose';

const [a, b] = process.argv.slice(2);
if (!a || !b) throw new Error('usage: tsx bench/api-key-check.ts <commit-a> <commit-b>');
const root = resolve(import.meta.dirname, '..');
const base = mkdtempSync(join(tmpdir(), 'api-key-check-'));
symlinkSync(join(root, 'node_modules'), join(base, 'node_modules'));

function exportCommit(commit: string): string {
  const dir = join(base, commit.replace(/[^\w.-]/g, '_'));
  execFileSync('mkdir', ['-p', dir]);
  execFileSync('sh', ['-c', `git -C "${root}" archive "${commit}" server src/domain src/api | tar -x -C "${dir}"`]);
  return dir;
}

const secret = 'x'.repeat(43);
const ref = 'abcdefghijklmnopqrst';
const key = await new SignJWT({ role: 'anon', ref })
  .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
  .setIssuer('strata')
  .setIssuedAt()
  .setExpirationTime('1h')
  .sign(new TextEncoder().encode(secret));
const row = { id: 1, status: 'ACTIVE_HEALTHY', jwt_secret: secret, db_schema: null, max_rows: null, opaque_keys: [], signing_keys: [] };
const platform = { query: async (sql: string) => (sql.includes('key_usage') ? { rows: [] } : { rows: [row] }) };
const headers = new Headers({ apikey: key, authorization: `Bearer ${key}` });
const N = 200_000;

type Authenticate = (p: typeof platform, ref: string, h: Headers) => Promise<unknown>;
async function measure(authenticate: Authenticate): Promise<number[]> {
  for (let i = 0; i < 20_000; i++) await authenticate(platform, ref, headers);
  const runs: number[] = [];
  for (let r = 0; r < 5; r++) {
    const start = process.cpuUsage();
    for (let i = 0; i < N; i++) await authenticate(platform, ref, headers);
    const used = process.cpuUsage(start);
    runs.push(((used.user + used.system) / N) * 1000);
  }
  return runs.sort((x, y) => x - y);
}

try {
  const modules = await Promise.all([a, b].map(async (commit) => ({ commit, authenticate: (await import(join(exportCommit(commit), 'server/data-api/auth.ts'))).authenticate as Authenticate })));
  console.log(`load average before: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  for (let round = 0; round < 2; round++) {
    for (const { commit, authenticate } of modules) {
      const runs = await measure(authenticate);
      console.log(`${commit}: CPU ns/call ${runs.map((t) => t.toFixed(0)).join(' ')} (median ${runs[2]!.toFixed(0)})`);
    }
  }
  console.log(`load average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} finally {
  rmSync(base, { recursive: true, force: true });
}
