// The theme sandbox of spec A2.14: a developer tool, never in the platform build (main.tsx loads it only when
// import.meta.env.DEV). Pure rules: when it is active, which colour variables it shows and how they group, and the
// HSL strings it edits.

/** spec A2.14: active with #theme-sandbox in the URL hash or a stored theme-sandbox entry. */
export const THEME_SANDBOX_KEY = 'theme-sandbox';
export const THEME_SANDBOX_HASH = '#theme-sandbox';
export const THEME_SANDBOX_ACTIONS = { apply: 'Apply Theme', reset: 'Reset localStorage', exit: 'Exit Sandbox' } as const;

export function themeSandboxActive(hash: string, stored: string | null): boolean {
  return hash.includes(THEME_SANDBOX_HASH) || stored !== null;
}

/** The colour families the sandbox edits (spec A2.14: brand-*, border-*, background-*, foreground-*). */
export const SANDBOX_GROUPS = ['brand', 'border', 'background', 'foreground'] as const;
export type SandboxGroup = (typeof SANDBOX_GROUPS)[number];

/**
 * The group of one of our theme's colour tokens (camelCase: brandHover, borderStrong), or null when it is outside the
 * four families. The spec's variable names are kebab-case ('--colors-brand-default'), grouped by their third segment;
 * ours carry the family as the first word.
 */
export function sandboxGroupOf(token: string): SandboxGroup | null {
  const family = /^[a-z]+/.exec(token)?.[0] ?? '';
  return (SANDBOX_GROUPS as readonly string[]).includes(family) ? (family as SandboxGroup) : null;
}

/** '#rrggbb' / '#rgb' / 'rgb(r, g, b)' as 'H S% L%' (the spec's HSL strings); null for anything else. */
export function toHslString(color: string): string | null {
  const value = color.trim();
  let rgb: [number, number, number] | null = null;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    rgb = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
  } else {
    const m = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/i.exec(value);
    if (m) rgb = [Number(m[1]), Number(m[2]), Number(m[3])];
  }
  if (!rgb) return null;
  const [r, g, b] = rgb.map((c) => c / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  let h = 0;
  let s = 0;
  if (d !== 0) {
    s = d / (1 - Math.abs(2 * l - 1));
    h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
    h *= 60;
    if (h < 0) h += 360;
  }
  return `${Math.round(h)} ${Math.round(s * 1000) / 10}% ${Math.round(l * 1000) / 10}%`;
}

/** An edited value as CSS: 'H S% L%' becomes hsl(H S% L%); anything else is used as typed. */
export function sandboxCssValue(value: string): string {
  return /^\d+(\.\d+)?\s+\d+(\.\d+)?%\s+\d+(\.\d+)?%$/.test(value.trim()) ? `hsl(${value.trim()})` : value.trim();
}
