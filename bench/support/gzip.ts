// Gzip sizes (level 9) of response bodies and built files: what a compressing server would send.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export function gzipSize(body: Buffer | Uint8Array | string): number {
  return gzipSync(body, { level: 9 }).length;
}

export interface FileSize {
  file: string;
  bytes: number;
  gzip: number;
}

/** Every `.js` file of dist/assets with its raw and gzip size, largest gzip first. */
export function builtScripts(distDir: string): FileSize[] {
  const assets = join(distDir, 'assets');
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => {
      const body = readFileSync(join(assets, name));
      return { file: `assets/${name}`, bytes: statSync(join(assets, name)).size, gzip: gzipSize(body) };
    })
    .sort((a, b) => b.gzip - a.gzip);
}
