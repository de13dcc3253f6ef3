import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const trigger = style({
  padding: 0,
  background: 'none',
  border: 'none',
  color: 'inherit',
  font: 'inherit',
  cursor: 'copy',
  textDecoration: `underline dotted ${vars.color.subtle}`,
  textUnderlineOffset: '3px',
  borderRadius: vars.radii.sm,
});

export const rows = style({
  display: 'grid',
  gridTemplateColumns: 'auto auto',
  columnGap: vars.space.md,
  rowGap: vars.space.xxs,
  margin: 0,
});

export const term = style({ color: vars.color.muted });

export const value = style({ margin: 0, fontFamily: vars.font.mono, fontSize: vars.fontSize.xs });

export const hint = style({ marginTop: vars.space.xs, color: vars.color.muted, fontSize: vars.fontSize.xs });

export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
