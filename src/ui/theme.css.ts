import { createGlobalTheme, createThemeContract, globalStyle } from '@vanilla-extract/css';

// The token contract every style reads. Dark is the default theme (spec A4.14); index.html sets
// data-theme on <html> from localStorage before first paint.
export const vars = createThemeContract({
  color: {
    background: null,
    surface: null,
    surfaceHover: null,
    overlay: null,
    scrim: null,
    border: null,
    borderStrong: null,
    foreground: null,
    muted: null,
    subtle: null,
    brand: null,
    brandHover: null,
    brandSubtle: null,
    brandText: null,
    onBrand: null,
    /** Text and borders of errors and destructive actions. */
    destructive: null,
    /** The filled background of a destructive button (white text on it); destructiveHover is its hovered shade. */
    destructiveSolid: null,
    destructiveHover: null,
    destructiveSubtle: null,
    onDestructive: null,
    warning: null,
    warningSubtle: null,
    focus: null,
    skeleton: null,
    skeletonShine: null,
  },
  space: { none: null, xxs: null, xs: null, sm: null, md: null, lg: null, xl: null, xxl: null },
  radii: { sm: null, md: null, lg: null, full: null },
  fontSize: { xs: null, sm: null, md: null, base: null, lg: null, xl: null },
  lineHeight: { tight: null, normal: null },
  fontWeight: { normal: null, medium: null, semibold: null },
  font: { body: null, mono: null },
  shadow: { popover: null, modal: null },
  duration: { fast: null, normal: null },
});

const shared = {
  space: { none: '0', xxs: '2px', xs: '4px', sm: '8px', md: '12px', lg: '16px', xl: '24px', xxl: '32px' },
  radii: { sm: '4px', md: '6px', lg: '8px', full: '9999px' },
  fontSize: { xs: '11px', sm: '12px', md: '13px', base: '14px', lg: '16px', xl: '20px' },
  lineHeight: { tight: '1.25', normal: '1.5' },
  fontWeight: { normal: '400', medium: '500', semibold: '600' },
  font: {
    body: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    mono: '"JetBrains Mono", ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  },
  duration: { fast: '120ms', normal: '200ms' },
};

export const darkTheme = {
  ...shared,
  color: {
    background: '#171717',
    surface: '#1c1c1c',
    surfaceHover: '#262626',
    overlay: '#1f1f1f',
    scrim: 'rgba(0, 0, 0, 0.6)',
    border: '#2e2e2e',
    borderStrong: '#3e3e3e',
    foreground: '#ededed',
    muted: '#a1a1a1',
    // Text tokens are at least 4.5:1 on every surface and tint (WCAG 1.4.3; issue 24, theme.contrast.test.ts).
    subtle: '#999999',
    brand: '#3ecf8e',
    brandHover: '#52d99c',
    brandSubtle: 'rgba(62, 207, 142, 0.14)',
    brandText: '#3ecf8e',
    onBrand: '#06291a',
    destructive: '#ec7377',
    destructiveSolid: '#c9353a',
    destructiveHover: '#b52f34',
    destructiveSubtle: 'rgba(229, 72, 77, 0.14)',
    onDestructive: '#ffffff',
    warning: '#f5a524',
    warningSubtle: 'rgba(245, 165, 36, 0.14)',
    focus: '#3ecf8e',
    skeleton: '#262626',
    skeletonShine: '#303030',
  },
  shadow: {
    popover: '0 4px 16px rgba(0, 0, 0, 0.45)',
    modal: '0 16px 48px rgba(0, 0, 0, 0.6)',
  },
};

export const lightTheme = {
  ...shared,
  color: {
    background: '#fcfcfc',
    surface: '#ffffff',
    surfaceHover: '#f2f2f2',
    overlay: '#ffffff',
    scrim: 'rgba(0, 0, 0, 0.35)',
    border: '#e3e3e3',
    borderStrong: '#cfcfcf',
    foreground: '#171717',
    muted: '#5f5f5f',
    subtle: '#686868',
    brand: '#3ecf8e',
    brandHover: '#34b87c',
    brandSubtle: 'rgba(62, 207, 142, 0.16)',
    brandText: '#137438',
    onBrand: '#06291a',
    destructive: '#c5282d',
    destructiveSolid: '#c5282d',
    destructiveHover: '#a82126',
    destructiveSubtle: 'rgba(217, 45, 50, 0.1)',
    onDestructive: '#ffffff',
    warning: '#a64d08',
    warningSubtle: 'rgba(245, 165, 36, 0.16)',
    // 3:1 against the page, cards and hovered items (WCAG 1.4.11).
    focus: '#15803d',
    skeleton: '#ededed',
    skeletonShine: '#f7f7f7',
  },
  shadow: {
    popover: '0 4px 16px rgba(0, 0, 0, 0.1)',
    modal: '0 16px 48px rgba(0, 0, 0, 0.18)',
  },
};

// `:root` alone keeps the console dark when no attribute is set (spec A4.14: defaults to dark).
const darkSelector = ':root, :root[data-theme="dark"]';
const lightSelector = ':root[data-theme="light"]';

createGlobalTheme(darkSelector, vars, darkTheme);
createGlobalTheme(lightSelector, vars, lightTheme);
globalStyle(darkSelector, { colorScheme: 'dark' });
globalStyle(lightSelector, { colorScheme: 'light' });

export type ThemeName = 'dark' | 'light';
