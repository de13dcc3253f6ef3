// @ts-check
// Bundles the platform (server/main.ts and everything it imports from this repository) into plain JavaScript for
// `npm start`: `node server/start.mjs` then runs it without a TypeScript loader in the process. Under
// `node --import tsx` the idle platform held ~150 MB RSS, bundled ~76 MB (issue 15's memory budget), and it pays no
// per-module transform at start-up.
//
// Packages stay imports of node_modules (resolved from the bundle's folder, which is inside the repository).
// Sources that find files beside themselves through `import.meta.url` (migrations, the auth schema, the docs corpus,
// the word vectors, package.json) keep doing so: each use is rewritten to the source file's own URL, expressed
// relative to the bundle so the repository can move. Every output file sits in the output folder's root.
//
// Usage: node scripts/build-server.mjs [outDir]   (default .build/server)
import { readFile, rm } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUILD_DIR = join(root, '.build', 'server');

/**
 * @param {string} outDir
 * @returns {Promise<void>}
 */
export async function buildServer(outDir = SERVER_BUILD_DIR) {
  const serverDir = join(root, 'server') + sep;
  /** @type {esbuild.Plugin} */
  const sourceUrls = {
    name: 'source-urls',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (!args.path.startsWith(serverDir)) return undefined;
        const text = await readFile(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return { contents: text, loader: 'ts' };
        const fromBundle = relative(outDir, args.path).split(sep).join('/');
        const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
        return { contents: text.replaceAll('import.meta.url', url), loader: 'ts' };
      });
    },
  };
  await rm(outDir, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: { main: join(root, 'server', 'main.ts') },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outdir: outDir,
    chunkNames: '[name]-[hash]',
    plugins: [sourceUrls],
    logLevel: 'warning',
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2] ? resolve(process.argv[2]) : SERVER_BUILD_DIR;
  const started = Date.now();
  await buildServer(outDir);
  console.log(`[strata] platform bundled in ${Date.now() - started} ms (${relative(root, outDir) || outDir})`);
}
