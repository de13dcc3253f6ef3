import { describe, expect, it } from 'vitest';
import { darkTheme, lightTheme } from './theme.css.ts';

// Issue 24: every text colour of the theme contract reads at WCAG AA (4.5:1, SC 1.4.3) on every surface it is put
// on, in both themes, and the focus ring stands out at 3:1 (SC 1.4.11). Fixed once here, for every view.
type Rgb = [number, number, number];

function parse(colour: string): { rgb: Rgb; alpha: number } {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour);
  if (hex) {
    const n = parseInt(hex[1]!, 16);
    return { rgb: [(n >> 16) & 255, (n >> 8) & 255, n & 255], alpha: 1 };
  }
  const rgba = /^rgba?\(\s*(\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?\s*\)$/.exec(colour);
  if (!rgba) throw new Error(`unreadable colour ${colour}`);
  return { rgb: [Number(rgba[1]), Number(rgba[2]), Number(rgba[3])], alpha: rgba[4] === undefined ? 1 : Number(rgba[4]) };
}

/** A translucent colour painted over an opaque one. */
function over(top: string, below: string): Rgb {
  const t = parse(top);
  const b = parse(below).rgb;
  return t.rgb.map((c, i) => Math.round(c * t.alpha + b[i]! * (1 - t.alpha))) as Rgb;
}

function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2 contrast ratio. */
export function contrast(a: Rgb, b: Rgb): number {
  const light = Math.max(luminance(a), luminance(b));
  const dark = Math.min(luminance(a), luminance(b));
  return (light + 0.05) / (dark + 0.05);
}

describe('contrast()', () => {
  it('matches the WCAG reference values', () => {
    expect(contrast([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    // The issue's own figure: #707070 on #1c1c1c.
    expect(contrast(parse('#707070').rgb, parse('#1c1c1c').rgb)).toBeCloseTo(3.44, 2);
  });
});

for (const [name, theme] of [
  ['dark', darkTheme],
  ['light', lightTheme],
] as const) {
  describe(`${name} theme`, () => {
    const c = theme.color;
    const opaque = { background: c.background, surface: c.surface, surfaceHover: c.surfaceHover, overlay: c.overlay };
    // Badges, selected rows and alerts put text on the tints, over the page or a card (a tint is never hovered:
    // hover changes an untinted item's background).
    const surfaces: Record<string, Rgb> = {};
    for (const [key, value] of Object.entries(opaque)) surfaces[key] = parse(value).rgb;
    for (const tint of ['brandSubtle', 'warningSubtle', 'destructiveSubtle'] as const) {
      for (const base of ['background', 'surface'] as const) surfaces[`${tint} over ${base}`] = over(c[tint], c[base]);
    }
    const texts = ['foreground', 'muted', 'subtle', 'brandText', 'warning', 'destructive'] as const;

    for (const text of texts) {
      it(`${text} text reads at 4.5:1 on every surface`, () => {
        const failing = Object.entries(surfaces)
          .map(([surface, rgb]) => ({ surface, ratio: Number(contrast(parse(c[text]).rgb, rgb).toFixed(2)) }))
          .filter(({ ratio }) => ratio < 4.5);
        expect(failing).toEqual([]);
      });
    }

    it('text on the solid brand and destructive colours reads at 4.5:1, hovered too', () => {
      const ratios = {
        onBrand: contrast(parse(c.onBrand).rgb, parse(c.brand).rgb),
        onBrandHovered: contrast(parse(c.onBrand).rgb, parse(c.brandHover).rgb),
        onDestructive: contrast(parse(c.onDestructive).rgb, parse(c.destructiveSolid).rgb),
        onDestructiveHovered: contrast(parse(c.onDestructive).rgb, parse(c.destructiveHover).rgb),
      };
      for (const [pair, ratio] of Object.entries(ratios)) expect(ratio, pair).toBeGreaterThanOrEqual(4.5);
    });

    it('the focus ring stands out at 3:1 from the page, cards and hovered items', () => {
      for (const surface of [c.background, c.surface, c.surfaceHover, c.overlay]) {
        expect(contrast(parse(c.focus).rgb, parse(surface).rgb), surface).toBeGreaterThanOrEqual(3);
      }
    });
  });
}
