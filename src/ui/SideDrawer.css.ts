import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

// Below 768 px: the shell's mobile width (spec A2.3), which is also a laptop at 200 % zoom.
const narrow = 'screen and (max-width: 767px)';

// Wide: no box of its own, so the page's layout places the list as it did without the drawer.
export const drawer = style({
  display: 'contents',
  '@media': {
    [narrow]: { display: 'flex', flexDirection: 'column', flex: 'none', minHeight: 0, borderBottom: `1px solid ${vars.color.border}`, background: vars.color.surface },
  },
});

export const toggle = style({
  display: 'none',
  '@media': {
    [narrow]: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: vars.space.sm,
      height: 40,
      padding: `0 ${vars.space.md}`,
      border: 0,
      background: 'transparent',
      color: vars.color.foreground,
      font: 'inherit',
      fontSize: vars.fontSize.base,
      cursor: 'pointer',
    },
  },
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' } },
});

export const chevron = style({
  transition: `transform ${vars.duration.fast}`,
  selectors: { [`${drawer}[data-open] &`]: { transform: 'rotate(180deg)' } },
});

export const body = style({
  display: 'contents',
  '@media': {
    [narrow]: {
      display: 'none',
      selectors: { [`${drawer}[data-open] &`]: { display: 'flex', flexDirection: 'column', maxHeight: '60vh', minHeight: 0, overflow: 'auto' } },
    },
  },
});

// The list inside takes the drawer's width instead of its fixed column width and side border.
globalStyle(`${body} > *`, {
  '@media': { [narrow]: { width: '100%', maxWidth: 'none', flex: 'none', borderRight: 0 } },
});
