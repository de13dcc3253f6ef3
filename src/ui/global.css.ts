import { globalStyle } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';
import { THEME_SWITCHING_ATTRIBUTE } from '../domain/theme.ts';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box', margin: 0 });

globalStyle('html, body', { height: '100%' });

globalStyle('body', {
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.foreground,
  background: vars.color.background,
  WebkitFontSmoothing: 'antialiased',
  MozOsxFontSmoothing: 'grayscale',
  textRendering: 'optimizeLegibility',
});

globalStyle('#root', { minHeight: '100%', isolation: 'isolate' });

globalStyle('img, picture, video, canvas, svg', { display: 'block', maxWidth: '100%' });
globalStyle('input, button, textarea, select', { font: 'inherit', color: 'inherit' });
globalStyle('p, h1, h2, h3, h4, h5, h6', { overflowWrap: 'break-word' });
globalStyle('h1, h2, h3, h4, h5, h6', { fontWeight: vars.fontWeight.medium, lineHeight: vars.lineHeight.tight });
globalStyle('a', { color: 'inherit' });
globalStyle('code, kbd, pre, samp', { fontFamily: vars.font.mono, fontSize: '0.95em' });

// One focus ring for everything; react-aria sets data-focus-visible on keyboard focus only.
globalStyle(':focus-visible, [data-focus-visible]', {
  outline: `2px solid ${vars.color.focus}`,
  outlineOffset: '2px',
});
globalStyle(':focus:not(:focus-visible)', { outline: 'none' });

globalStyle('::selection', { background: vars.color.brandSubtle });

globalStyle('*', {
  scrollbarWidth: 'thin',
  scrollbarColor: `${vars.color.borderStrong} transparent`,
});
globalStyle('::-webkit-scrollbar', { width: '8px', height: '8px' });
globalStyle('::-webkit-scrollbar-track', { background: 'transparent' });
globalStyle('::-webkit-scrollbar-thumb', {
  background: vars.color.borderStrong,
  borderRadius: vars.radii.full,
  border: '2px solid transparent',
  backgroundClip: 'content-box',
});


// A theme switch is drawn at once (src/actors/theme.ts applyThemeToDocument): no colour transitions under it.
const switching = `html[${THEME_SWITCHING_ATTRIBUTE}]`;
globalStyle(`${switching} *, ${switching} *::before, ${switching} *::after`, {
  transition: 'none !important',
});

globalStyle('*, *::before, *::after', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '1ms !important',
      transitionDuration: '1ms !important',
    },
  },
});
