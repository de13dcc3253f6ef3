import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { safeReturnTo } from './return-to.ts';

describe('safeReturnTo', () => {
  it('keeps app paths and strips the base path', () => {
    expect(safeReturnTo('/dashboard/project/abc?x=1')).toBe('/project/abc?x=1');
    expect(safeReturnTo('/org/acme')).toBe('/org/acme');
    expect(safeReturnTo('/dashboard')).toBe('/');
  });
  it('refuses other origins', () => {
    for (const bad of ['https://evil.test/', '//evil.test', '/\\evil.test', 'javascript:alert(1)', '', undefined, null]) {
      expect(safeReturnTo(bad)).toBe('/');
    }
  });
  it('always answers a single-slash path', () => {
    fc.assert(fc.property(fc.string(), (s) => {
      const out = safeReturnTo(s);
      expect(out.startsWith('/')).toBe(true);
      expect(out.startsWith('//')).toBe(false);
    }));
  });
});
