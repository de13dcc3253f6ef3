import { describe, expect, it } from 'vitest';
import { addCompileHints, COMPILE_HINT, EAGER_CHUNKS } from '../scripts/compile-hints-plugin.ts';

const chunk = (name: string, code: string, map: { mappings: string } | null = null) => ({ type: 'chunk', name, code, map });

describe('addCompileHints (scripts/compile-hints-plugin.ts, issue 25)', () => {
  it('puts the hint on the first line of the eager chunks only', () => {
    const bundle = {
      'assets/app-1.js': chunk('app', 'const __vite__mapDeps=1;\nimport"x";'),
      'assets/aria-2.js': chunk('aria', 'export const a=1;'),
      'assets/_tableId-3.js': chunk('_tableId', 'export const t=1;'),
      'assets/esm-4.js': chunk('esm', 'export const codemirror=1;'),
      'assets/app.css': { type: 'asset', source: 'a{}' },
    };
    expect(addCompileHints(bundle).sort()).toEqual(['assets/app-1.js']);
    expect(bundle['assets/app-1.js'].code).toBe(`${COMPILE_HINT}const __vite__mapDeps=1;\nimport"x";`);
    expect(bundle['assets/app-1.js'].code.split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
    expect(bundle['assets/aria-2.js'].code).toBe('export const a=1;');
    expect(bundle['assets/_tableId-3.js'].code).toBe('export const t=1;');
    expect(bundle['assets/esm-4.js'].code).toBe('export const codemirror=1;');
  });

  it('moves the source map down one line, in the .map file when there is one, else in the chunk', () => {
    const mapFile = { type: 'asset', source: JSON.stringify({ version: 3, mappings: 'AAAA;AACA' }) };
    const withFile = { 'assets/app-1.js': chunk('app', 'a;\nb;', { mappings: 'AAAA;AACA' }), 'assets/app-1.js.map': mapFile };
    addCompileHints(withFile);
    expect(JSON.parse(mapFile.source as string).mappings).toBe(';AAAA;AACA');
    // The chunk's own map is what the file was written from: left as it was, so nothing moves twice.
    expect(withFile['assets/app-1.js'].map).toEqual({ mappings: 'AAAA;AACA' });

    const inChunk = { 'assets/app-1.js': chunk('app', 'a;', { mappings: 'AAAA' }) };
    addCompileHints(inChunk);
    expect(inChunk['assets/app-1.js'].map).toEqual({ mappings: ';AAAA' });
  });

  it('adds the hint once', () => {
    const bundle = { 'assets/app-1.js': chunk('app', 'a;') };
    addCompileHints(bundle);
    expect(addCompileHints(bundle)).toEqual([]);
    expect(bundle['assets/app-1.js'].code).toBe(`${COMPILE_HINT}a;`);
  });

  it('names the groups of vite.config.ts', () => {
    expect([...EAGER_CHUNKS].sort()).toEqual(['app', 'react-bindings', 'signed-in']);
  });
});
