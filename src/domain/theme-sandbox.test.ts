import { describe, expect, it } from 'vitest';
import { sandboxCssValue, sandboxGroupOf, themeSandboxActive, toHslString } from './theme-sandbox.ts';

describe('theme sandbox rules (spec A2.14)', () => {
  it('is active with the hash or a stored entry', () => {
    expect(themeSandboxActive('#theme-sandbox', null)).toBe(true);
    expect(themeSandboxActive('#x#theme-sandbox', null)).toBe(true);
    expect(themeSandboxActive('', '{}')).toBe(true);
    expect(themeSandboxActive('#theme', null)).toBe(false);
  });

  it('groups the brand, border, background and foreground tokens', () => {
    expect(['brand', 'brandHover', 'borderStrong', 'background', 'foreground', 'muted', 'destructive'].map(sandboxGroupOf)).toEqual([
      'brand',
      'brand',
      'border',
      'background',
      'foreground',
      null,
      null,
    ]);
  });

  it('reads colours as HSL strings and writes them back as CSS', () => {
    expect(toHslString('#ff0000')).toBe('0 100% 50%');
    expect(toHslString('#fff')).toBe('0 0% 100%');
    expect(toHslString('rgb(62, 207, 142)')).toBe('153 60.2% 52.7%');
    expect(toHslString('var(--x)')).toBeNull();
    expect(sandboxCssValue(' 153 59.4% 52.7% ')).toBe('hsl(153 59.4% 52.7%)');
    expect(sandboxCssValue('#123456')).toBe('#123456');
  });
});
