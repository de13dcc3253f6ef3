// Gzip copies of the build's text assets (app.js.gz beside app.js), written once at build time and served by the
// platform to browsers that accept gzip (server/http/console.ts, serveStatic's `precompressed`). Before, every
// script went out uncompressed (the entry chunk: 437 KB instead of ~120 KB), although the first-load budget of
// issue 15 is counted in gzip bytes. Compressing at build time costs no CPU per request.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text assets worth compressing; index.html is not served as a file (the platform writes each page from it). */
export const PRECOMPRESSED = /\.(js|mjs|css|svg|json|txt|map|wasm)$/;
/** Below this a gzip copy saves less than its own headers cost. */
export const PRECOMPRESS_MIN_BYTES = 1024;

export function precompressAssets(): Plugin {
  return {
    name: 'strata:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir) return;
      for (const fileName of Object.keys(bundle)) {
        if (!PRECOMPRESSED.test(fileName)) continue;
        const path = join(outDir, fileName);
        const bytes = readFileSync(path);
        if (bytes.length < PRECOMPRESS_MIN_BYTES) continue;
        const gzipped = gzipSync(bytes, { level: 9 });
        if (gzipped.length < bytes.length) writeFileSync(`${path}.gz`, gzipped);
      }
    },
  };
}
