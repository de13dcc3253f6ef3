import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

describe('zod-jitless', () => {
  it('makes a zod loaded afterwards jitless, without the eval probe', async () => {
    await import('./zod-jitless.ts');
    const probes: string[] = [];
    const RealFunction = globalThis.Function;
    // A `new Function` call is what the CSP reports; count any made while zod compiles and parses an object.
    globalThis.Function = new Proxy(RealFunction, {
      construct(target, args) {
        probes.push(String(args.at(-1)));
        return Reflect.construct(target, args);
      },
    });
    try {
      const { z, config } = await import('zod');
      expect(config().jitless).toBe(true);
      const schema = z.object({ name: z.string(), size: z.number() });
      expect(schema.parse({ name: 'a', size: 1 })).toEqual({ name: 'a', size: 1 });
      expect(schema.safeParse({ name: 1 }).success).toBe(false);
    } finally {
      globalThis.Function = RealFunction;
    }
    expect(probes).toEqual([]);
  });

  it('does not import zod itself (zod stays off the first load)', () => {
    const source = readFileSync(fileURLToPath(new URL('./zod-jitless.ts', import.meta.url)), 'utf8');
    expect(source).not.toMatch(/from\s+['"]zod['"]|import\(\s*['"]zod['"]\s*\)/);
  });
});
