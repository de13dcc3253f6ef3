import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { keepEnglishAriaStrings } from '../vite.config.ts';

describe('keepEnglishAriaStrings (vite.config.ts, issue 15)', () => {
  it("keeps only en-US of a react-aria intlStrings module, which still evaluates to en-US's strings", async () => {
    const path = new URL('../node_modules/react-aria/dist/private/overlays/intlStrings.mjs', import.meta.url);
    const source = readFileSync(path, 'utf8');
    expect(source).toContain('"de-DE":');
    const kept = keepEnglishAriaStrings(source);
    expect(kept.match(/^import /gm)).toHaveLength(1);
    expect(kept).not.toContain('de-DE');
    // Evaluate the result from a temporary folder, its import pointed at the package's en-US module.
    const dir = mkdtempSync(join(tmpdir(), 'aria-locales-'));
    const copy = join(dir, 'intlStrings.mjs');
    const importable = kept.replace('"../intl/', `"${new URL('../intl/', path).href}`).replace(/^\/\/# sourceMappingURL=.*$/m, '');
    writeFileSync(copy, importable);
    try {
      const strings = (await import(/* @vite-ignore */ pathToFileURL(copy).href)).default as Record<string, Record<string, string>>;
      expect(Object.keys(strings)).toEqual(['en-US']);
      expect(strings['en-US']!.dismiss).toBe('Dismiss');
    } finally {
      rmSync(dir, { recursive: true });
    }
  });

  it('leaves other modules alone', () => {
    const code = 'import x from "./foo.mjs";\nexport default { a: x };\n';
    expect(keepEnglishAriaStrings(code)).toBe(code);
  });
});
