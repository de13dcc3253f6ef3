// Runs npm scripts at the same time (`node scripts/parallel.mjs typecheck lint`), each one's output held and printed
// whole when it ends, so logs do not interleave. Exits with the first failing script's code, after all have ended.
// Used by `npm test` for steps that leave a core idle when run alone (tsc and eslint are single-threaded).
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: node scripts/parallel.mjs <npm script> [<npm script> …]');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const results = await Promise.all(
  names.map(
    (name) =>
      new Promise((resolve) => {
        const started = Date.now();
        /** @type {Buffer[]} */
        const chunks = [];
        const child = spawn(npm, ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
        child.stdout.on('data', (chunk) => chunks.push(chunk));
        child.stderr.on('data', (chunk) => chunks.push(chunk));
        child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
        child.on('close', (code, signal) => {
          const status = code ?? (signal ? 1 : 0);
          process.stdout.write(`\n> ${name}: ${status === 0 ? 'passed' : `failed (exit ${status}${signal ? `, ${signal}` : ''})`} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
          process.stdout.write(Buffer.concat(chunks));
          resolve(status);
        });
      }),
  ),
);
process.exit(results.find((status) => status !== 0) ?? 0);
